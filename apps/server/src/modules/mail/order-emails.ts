import {
  type Address,
  formatAddress,
  formatCents,
  formatDate,
  formatDateTime,
  formatPhone,
  formatTime,
  hasOpeningHours,
  type OpeningHours,
  phoneHref,
  RESERVATION_MINUTES,
  WEEKDAY_NAMES,
  WEEKDAYS,
} from '@barbershop/contract';
import type { Email } from './outbox.repository.ts';

export type OrderEmailFacts = {
  order: {
    id: string;
    /**
     * When the order last changed. The confirmation and the shop's alert are queued in the
     * transaction that records the payment, so for them it is when the order was paid; its
     * createdAt is when it was reserved, maybe the day before.
     */
    updatedAt: Date;
    subtotal: number;
    salesTax: number;
    shippingCost: number;
    total: number;
  };
  lines: { name: string; size: string; quantity: number; unitPrice: number }[];
  customer: { name: string; email: string };
  shop: { name: string; phone: string; email: string; address: Address; hours: OpeningHours } | null;
  publicUrl: string;
  /** The shop's time zone: the day an order is dated. */
  timeZone: string;
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * A plain, accessible HTML page around `body`. Webmail (Yahoo, Outlook.com, many others) keeps only
 * what is inside <body>, dropping <html>'s language and <body>'s styles: so the language, direction,
 * colours, font and width are on a wrapper of the content too, or a client in dark mode showed the
 * dark link colour on its dark background, and a screen reader read the email in the client's
 * language. The wrapper is the email's article, as the Email Markup Consortium advises. The shop's
 * colours are light only (`color-scheme`): a client that can keep them does, rather than invert them.
 * A long word (a product's name, a customer's) breaks rather than widening a phone's screen.
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en" dir="ltr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light"><meta name="supported-color-schemes" content="light"><title>${escapeHtml(title)}</title></head>
<body style="margin: 0; padding: 0; background: #ffffff;">
<div role="article" aria-roledescription="email" aria-label="${escapeHtml(title)}" lang="en" dir="ltr" style="font-family: Arial, sans-serif; color: #1f1f1f; background: #ffffff; line-height: 1.5; max-width: 600px; margin: 0 auto; padding: 16px; overflow-wrap: break-word;">
${body}
</div>
</body>
</html>`;
}

/**
 * The amounts in checkout's order (and the order page's), so the email reads as the summary the
 * customer paid from; sales tax only when the order was charged any, as checkout shows it. The
 * total comes last.
 */
function amounts({ order }: OrderEmailFacts): [string, number][] {
  return [
    ['Subtotal', order.subtotal],
    ['Shipping', order.shippingCost],
    ...(order.salesTax > 0 ? [['Sales tax', order.salesTax] as [string, number]] : []),
    ['Total', order.total],
  ];
}

const CELL = 'padding: 4px 8px;';
/** A figure stays on one line; the item's name, the one cell that can give way, breaks even inside a word. */
const NUMBER = `${CELL} text-align: right; white-space: nowrap;`;
const ITEM = `${CELL} overflow-wrap: anywhere; word-break: break-word;`;

/**
 * The order's lines and amounts; `caption` says whose they are to the reader. Each line gives its unit
 * price, quantity and total, as the cart does (SPEC.md): one price column, read as either, misleads
 * at a quantity of 2 or more. The size goes under the name, as on the order page, so that four
 * columns fit a 320 px wide phone.
 */
function linesTable(facts: OrderEmailFacts, caption: string): string {
  const headers: [string, string][] = [
    ['Item', 'left'],
    ['Unit price', 'right'],
    ['Quantity', 'right'],
    ['Line total', 'right'],
  ];
  const rows = facts.lines
    .map(
      (line) =>
        `<tr><td style="${ITEM}">${escapeHtml(line.name)}<br>Size ${escapeHtml(line.size)}</td><td style="${NUMBER}">${formatCents(line.unitPrice)}</td><td style="${NUMBER}">${line.quantity}</td><td style="${NUMBER}">${formatCents(line.unitPrice * line.quantity)}</td></tr>`,
    )
    .join('\n');
  const totals = amounts(facts);
  return `<table style="border-collapse: collapse; width: 100%;">
<caption style="text-align: left; font-weight: bold; padding: 4px 0;">${caption}</caption>
<thead><tr>${headers.map(([label, align]) => `<th scope="col" style="text-align: ${align}; ${CELL}">${label}</th>`).join('')}</tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${totals.map(([label, cents], i) => `<tr><th scope="row" colspan="${headers.length - 1}" style="text-align: right; ${CELL}">${label}</th><td style="${NUMBER}${i === totals.length - 1 ? ' font-weight: bold;' : ''}">${formatCents(cents)}</td></tr>`).join('\n')}
</tfoot>
</table>`;
}

/** The lines as the order page gives them: quantity times unit price, and the line's total. */
function linesText(facts: OrderEmailFacts): string {
  return [
    ...facts.lines.map(
      (line) =>
        `- ${line.name} (${line.size}): ${line.quantity} × ${formatCents(line.unitPrice)} = ${formatCents(line.unitPrice * line.quantity)}`,
    ),
    '',
    ...amounts(facts).map(([label, cents]) => `${label}: ${formatCents(cents)}`),
  ].join('\n');
}

/** The caption of the lines in an email to the customer, and in one to the shop. */
const BOUGHT = 'What you bought';
const ORDERED = 'What the customer ordered';

const orderUrl = (facts: OrderEmailFacts) => `${facts.publicUrl}/account/orders/${facts.order.id}`;
const shopName = (facts: OrderEmailFacts) => facts.shop?.name ?? 'The barbershop';

const LINK = 'style="color: #5c4300;"';

/**
 * The sender's name: the shop's, from its settings (none before they are saved: MAIL_FROM's). An
 * inbox shows it as who wrote.
 */
const fromShop = (facts: OrderEmailFacts) => (facts.shop ? { fromName: facts.shop.name } : {});

/**
 * An email to the order's customer, from the shop, about the order (so it goes out after those queued
 * before it). A reply goes to the shop's email: MAIL_FROM is an address that may take no replies, and
 * a customer answering about their order means the shop.
 */
function customerEmail(facts: OrderEmailFacts, email: Omit<Email, 'to'>): Email {
  return {
    to: facts.customer.email,
    orderId: facts.order.id,
    ...fromShop(facts),
    ...(facts.shop ? { replyTo: facts.shop.email } : {}),
    ...email,
  };
}

/**
 * The end of every email to a customer: their order's page, and how to reach the shop. A reply
 * reaches the shop's email (customerEmail), but a customer whose code fails at the counter or who
 * cannot come may rather call.
 */
function customerEnd(facts: OrderEmailFacts): { html: string; text: string[] } {
  const url = orderUrl(facts);
  const html = [`<p><a href="${escapeHtml(url)}" ${LINK}>View your order</a></p>`];
  const text = [`View your order: ${url}`];
  const { shop } = facts;
  if (shop) {
    const phone = formatPhone(shop.phone);
    html.push(
      `<p>Questions about your order? Call ${escapeHtml(shop.name)} at <a href="${escapeHtml(phoneHref(shop.phone))}" ${LINK}>${escapeHtml(phone)}</a> or email <a href="mailto:${escapeHtml(shop.email)}" ${LINK}>${escapeHtml(shop.email)}</a>.</p>`,
    );
    text.push('', `Questions about your order? Call ${shop.name} at ${phone} or email ${shop.email}.`);
  }
  return { html: html.join('\n'), text };
}

/** The shop's week as its settings give it, a line a day ('Closed' for a day without hours); none before any are set. */
function openingHours(facts: OrderEmailFacts): string[] | null {
  const hours = facts.shop?.hours;
  if (!hours || !hasOpeningHours(hours)) return null;
  return WEEKDAYS.map((day) => {
    const ranges = hours[day].map(([open, close]) => `${formatTime(open)} – ${formatTime(close)}`);
    return `${WEEKDAY_NAMES[day]}: ${ranges.length ? ranges.join(', ') : 'Closed'}`;
  });
}

/** The confirmation a customer gets once their payment is received. */
export function orderConfirmationEmail(facts: OrderEmailFacts): Email {
  const subject = `Order confirmed: ${facts.order.id}`;
  const pickup = facts.shop ? formatAddress(facts.shop.address) : null;
  const received = `We received your payment on ${formatDate(facts.order.updatedAt, facts.timeZone)}. We print your merchandise in the shop and will email you when it is ready for pickup.`;
  const html = page(
    subject,
    `<h1 style="font-size: 24px;">Thank you for your order, ${escapeHtml(facts.customer.name)}</h1>
<p>${escapeHtml(received)}</p>
<p><strong>Order number:</strong> ${facts.order.id}</p>
${linesTable(facts, BOUGHT)}
${pickup ? `<h2 style="font-size: 18px;">Pickup</h2>\n<p>${escapeHtml(shopName(facts))}<br>${escapeHtml(pickup)}</p>` : ''}
${customerEnd(facts).html}`,
  );
  const text = [
    `Thank you for your order, ${facts.customer.name}.`,
    '',
    received,
    '',
    `Order number: ${facts.order.id}`,
    '',
    linesText(facts),
    ...(pickup ? ['', `Pickup: ${shopName(facts)}, ${pickup}`] : []),
    '',
    ...customerEnd(facts).text,
  ].join('\n');
  return customerEmail(facts, { subject, html, text });
}

/** Said with a reissued pickup code when the email of the one it replaces may have reached the customer. */
const REPLACED_CODE = 'This code replaces the one we sent you before, which no longer works.';

/**
 * The note a customer gets when staff mark their pickup order ready, with the one-time pickup code
 * they show (or say) at the counter when one was issued; with `replaces`, a code staff reissued in
 * place of one the customer may have been sent already.
 */
export function orderReadyEmail(
  facts: OrderEmailFacts,
  pickupCode?: string,
  { replaces = false } = {},
): Email {
  const subject = `${replaces ? 'New pickup code' : 'Ready for pickup'}: ${facts.order.id}`;
  const show = `${replaces ? `${REPLACED_CODE} ` : ''}Show this code, or the QR code on your order page, at the counter. Only the person with the code can collect the order, so keep it to yourself.`;
  const where = facts.shop ? formatAddress(facts.shop.address) : null;
  const hours = openingHours(facts);
  const html = page(
    subject,
    `<h1 style="font-size: 24px;">Your order is ready for pickup</h1>
<p><strong>Order number:</strong> ${facts.order.id}</p>
${pickupCode ? `<p>Your pickup code:</p>\n<p style="font-size: 32px; font-weight: bold; letter-spacing: 4px; font-family: 'Courier New', monospace;">${pickupCode}</p>\n<p>${show}</p>` : ''}
${where ? `<p>Come by ${escapeHtml(shopName(facts))} at ${escapeHtml(where)}.</p>` : ''}
${hours ? `<h2 style="font-size: 18px;">Opening hours</h2>\n<p>${hours.map(escapeHtml).join('<br>')}</p>` : ''}
${linesTable(facts, BOUGHT)}
${customerEnd(facts).html}`,
  );
  const text = [
    'Your order is ready for pickup.',
    '',
    `Order number: ${facts.order.id}`,
    ...(pickupCode ? ['', `Your pickup code: ${pickupCode}`, show] : []),
    ...(where ? ['', `Come by ${shopName(facts)} at ${where}.`] : []),
    ...(hours ? ['', 'Opening hours:', ...hours] : []),
    '',
    linesText(facts),
    '',
    ...customerEnd(facts).text,
  ].join('\n');
  return customerEmail(facts, { subject, html, text });
}

/**
 * The note a customer gets when staff take a pickup order back from ready (a slip, or a fault found
 * at the counter): the code they were sent no longer works, and a new one comes when it is ready.
 */
export function orderNotReadyEmail(facts: OrderEmailFacts): Email {
  return customerNotice(facts, {
    subject: `Not ready for pickup yet: ${facts.order.id}`,
    heading: 'Your order is not ready for pickup yet',
    body: 'We are still working on your order, so the pickup code we sent no longer works. We will email you a new one as soon as your order is ready. Sorry for the mix-up.',
  });
}

/**
 * The note a customer gets when the shop refunded their payment by itself: it came after their
 * items' hold had ended and they sold meanwhile (`late`), or it did not match the order's total (the
 * cart changed in another tab as the card went through). Either way the order is canceled. It says
 * how much (`paid`, as the payment provider reports the payment), which the customer finds on their
 * statement, when it is in dollars, the only currency the shop charges in.
 */
export function paymentRefundedEmail(
  facts: OrderEmailFacts,
  why: 'late' | 'mismatch',
  paid: { amount: number; currency: string },
): Email {
  const what =
    why === 'late'
      ? `Your payment came after the ${RESERVATION_MINUTES} minutes we held your items for, and they sold out meanwhile`
      : "Your payment did not match your order's total (the cart changed while you paid)";
  const sum = paid.currency.toLowerCase() === 'usd' ? ` (${formatCents(paid.amount)})` : '';
  return customerNotice(facts, {
    subject: `Payment refunded: ${facts.order.id}`,
    heading: 'We refunded your payment',
    body: `${what}, so we refunded it in full${sum} and canceled the order. A refund takes 5 to 10 business days to reach your card. Sorry for the trouble.`,
  });
}

/** An email to the customer that says one thing about their order, and how to reach the shop. */
function customerNotice(
  facts: OrderEmailFacts,
  notice: { subject: string; heading: string; body: string },
): Email {
  const html = page(
    notice.subject,
    `<h1 style="font-size: 24px;">${escapeHtml(notice.heading)}</h1>
<p><strong>Order number:</strong> ${facts.order.id}</p>
<p>${escapeHtml(notice.body)}</p>
${customerEnd(facts).html}`,
  );
  const text = [
    `${notice.heading}.`,
    '',
    `Order number: ${facts.order.id}`,
    '',
    notice.body,
    '',
    ...customerEnd(facts).text,
  ].join('\n');
  return customerEmail(facts, { subject: notice.subject, html, text });
}

/**
 * An email to the shop about an order: what happened, the order and its customer, what to do there
 * (`act`, a link: a bare address is no link in the HTML of many clients), and its dashboard page.
 */
function shopAlertEmail(
  facts: OrderEmailFacts,
  to: string,
  alert: {
    subject: string;
    heading: string;
    facts: [string, string][];
    note?: string;
    act?: { label: string; url: string };
  },
): Email {
  const dashboardUrl = `${facts.publicUrl}/dashboard/orders/${facts.order.id}`;
  // An erased customer (npm run user:erase) has no address left, and a dispute may come after.
  const { name, email } = facts.customer;
  const customer = email ? `${name} <${email}>` : name;
  const rows: [string, string][] = [['Order number', facts.order.id], ['Customer', customer], ...alert.facts];
  const html = page(
    alert.subject,
    `<h1 style="font-size: 24px;">${escapeHtml(alert.heading)}</h1>
${alert.note ? `<p>${escapeHtml(alert.note)}</p>\n` : ''}<p>${rows.map(([label, value]) => `<strong>${label}:</strong> ${escapeHtml(value)}`).join('<br>')}</p>
${alert.act ? `<p><a href="${escapeHtml(alert.act.url)}" ${LINK}>${escapeHtml(alert.act.label)}</a></p>\n` : ''}${linesTable(facts, ORDERED)}
<p><a href="${escapeHtml(dashboardUrl)}" ${LINK}>Open the order in the dashboard</a></p>`,
  );
  const text = [
    `${alert.heading}.`,
    ...(alert.note ? ['', alert.note] : []),
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    ...(alert.act ? ['', `${alert.act.label}: ${alert.act.url}`] : []),
    '',
    linesText(facts),
    '',
    `Open the order in the dashboard: ${dashboardUrl}`,
  ].join('\n');
  return { to, orderId: facts.order.id, ...fromShop(facts), subject: alert.subject, html, text };
}

/**
 * The shop's alert that an order was paid, with a link to it in the dashboard: sent to
 * SHOP_ALERT_EMAIL, or the shop's own email setting.
 */
export function paidOrderAlertEmail(facts: OrderEmailFacts, to: string): Email {
  return shopAlertEmail(facts, to, {
    subject: `New paid order: ${facts.order.id}`,
    heading: 'A new order was paid',
    // To the minute, with the zone: staff read times as the dashboard gives them.
    facts: [['Paid', formatDateTime(facts.order.updatedAt, facts.timeZone)]],
  });
}

/**
 * The shop's alert that a refund failed (`message`, the order's log line): someone must pay the
 * customer back another way and then say so on the order's page. Sent where paid-order alerts go.
 */
export function refundFailedAlertEmail(facts: OrderEmailFacts, to: string, message: string): Email {
  return shopAlertEmail(facts, to, {
    subject: `Refund failed: order ${facts.order.id}`,
    heading: 'A refund failed: the customer must be paid back another way',
    facts: [],
    note: `${message}. Once the customer is paid back, say how on the order's page in the dashboard.`,
  });
}

/** The shop's alert that a card holder's bank disputes an order's payment and waits for its answer. */
export function disputeAlertEmail(
  facts: OrderEmailFacts,
  to: string,
  dispute: { message: string; evidenceDueBy: Date | null; answerUrl: string },
): Email {
  const due = dispute.evidenceDueBy ? formatDateTime(dispute.evidenceDueBy, facts.timeZone) : null;
  return shopAlertEmail(facts, to, {
    subject: `Payment disputed: order ${facts.order.id}`,
    heading: "The card holder's bank disputes a payment: answer it in Stripe",
    facts: due ? [['Answer by', due]] : [],
    act: { label: 'Answer the dispute in Stripe', url: dispute.answerUrl },
    note: `${dispute.message}. Unanswered, the bank decides for the card holder: send Stripe what shows the customer had the goods (the order's page in the dashboard says whether and when they were handed over). Goods not handed over yet are best kept until the bank decides.`,
  });
}
