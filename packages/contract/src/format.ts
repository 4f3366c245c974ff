import type { Address } from './address.ts';
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from './domain.ts';

/** Formatters shared by the server (emails, CSV) and the web (every page), so both show the same text. */

/** Cents of a whole-dollar (or dollars-and-cents) price, without floating-point drift. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** Dollars of integer cents, as the API gives prices (`pricing`); dollarsToCents gives the cents back. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/**
 * Whether a typed dollar amount is a whole number of cents (19.99, not 19.999): prices finer than a
 * cent are refused rather than rounded into another price than the one typed.
 */
export function isWholeCents(dollars: number): boolean {
  return Math.abs(dollars * 100 - dollarsToCents(dollars)) < 1e-6;
}

/**
 * The one money formatter: integer cents to "$1,234.56" (SPEC.md section 9). `dropZeroCents` shows
 * a whole amount as "$40", as public price tags do. Written out rather than through
 * Intl.NumberFormat, whose first use in a page loads the browser's locale data: 30-60 ms of a
 * phone's main thread while the page starts, for text this simple (docs/performance.md). It gives
 * what en-US's USD currency format gives, "-$1,234.56" below zero (format.test.ts holds them equal).
 */
export function formatCents(cents: number, { dropZeroCents = false } = {}): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole > 0 ? '-' : '';
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  const rest = whole % 100;
  if (dropZeroCents && rest === 0) return `${sign}$${dollars}`;
  return `${sign}$${dollars}.${String(rest).padStart(2, '0')}`;
}

/** Cents as a plain decimal of dollars, "1234.56": what spreadsheets and schema.org read as a number. */
export function decimalDollars(cents: number): string {
  return formatCents(cents).replace(/[$,]/g, '');
}

/**
 * A dollar price from the API as a form's field shows it to be edited: "35.50", "30.00", never the
 * "35.5" of String(35.5), which reads as some other amount.
 */
export function dollarsField(dollars: number): string {
  return decimalDollars(dollarsToCents(dollars));
}

/** A dollar price from the API as a price tag: "$40", "$12.50". */
export function formatDollars(dollars: number): string {
  return formatCents(dollarsToCents(dollars), { dropZeroCents: true });
}

/**
 * The dashboard's pricing: always with cents, so a whole price reads "$35.00" as SPEC.md section 2
 * says, and a price with cents reads as the store charges it ("$35.99"), never cut to whole dollars.
 */
export function formatPricing(dollars: number): string {
  return formatCents(dollarsToCents(dollars));
}

/**
 * Whether `name` is an IANA time zone ("America/Denver", "UTC") that the formatters here and
 * PostgreSQL read alike. Offsets ("+05:30") and abbreviations ("CET") are refused, though the browser
 * takes them: PostgreSQL reads "+05:30" as five and a half hours west, and CET without summer time.
 */
export function isTimeZone(name: string): boolean {
  if (name !== 'UTC' && !/^[A-Za-z]+(?:\/[\w+-]+)+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

type DateKind = 'date' | 'dateTime' | 'day' | 'minute' | 'weekday';
const DATE_PARTS: Record<DateKind, Intl.DateTimeFormatOptions> = {
  date: { month: 'short', day: 'numeric', year: 'numeric' },
  dateTime: {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  day: { year: 'numeric', month: '2-digit', day: '2-digit' },
  minute: {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
  weekday: { weekday: 'long' },
};

// Building a formatter costs far more than using one, and every table row formats a date.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(kind: DateKind, timeZone: string) {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, ...DATE_PARTS[kind] });
    formatters.set(key, formatter);
  }
  return formatter;
}

const instant = (value: Date | string) => (typeof value === 'string' ? new Date(value) : value);

/**
 * "Nov 22, 2026": the day a moment falls on in the shop's time zone (SHOP_TIME_ZONE), short month,
 * day and year in en-US. Server and browser are given the same zone, so a page hydrates to the same text.
 */
export function formatDate(value: Date | string, timeZone: string): string {
  return formatterFor('date', timeZone).format(instant(value));
}

/** "Nov 22, 2026, 5:30 PM MST": a moment to the minute in the shop's time zone, which it names. */
export function formatDateTime(value: Date | string, timeZone: string): string {
  return formatterFor('dateTime', timeZone).format(instant(value));
}

/** A calendar day given as "2026-11-22" (no time, no zone) as "Nov 22, 2026". */
export function formatDay(day: string): string {
  return formatterFor('date', 'UTC').format(new Date(`${day}T00:00:00Z`));
}

/** One field (year, hour…) of a moment as `kind` formats it in `timeZone`. */
function partsIn(kind: DateKind, value: Date, timeZone: string) {
  const parts = formatterFor(kind, timeZone).formatToParts(value);
  return (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
}

/** The calendar day a moment falls on in `timeZone`, as "2026-11-22". */
export function dayIn(value: Date, timeZone: string): string {
  const part = partsIn('day', value, timeZone);
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A moment to the minute in `timeZone` as "2026-11-22 17:30", which spreadsheets read as a date and time. */
export function minuteIn(value: Date, timeZone: string): string {
  const part = partsIn('minute', value, timeZone);
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

/** The day of the week a moment falls on in `timeZone`. */
export function weekdayIn(value: Date, timeZone: string): Weekday {
  const name = formatterFor('weekday', timeZone).format(value);
  return WEEKDAYS.find((day) => WEEKDAY_NAMES[day] === name)!;
}

/**
 * Today at the shop, as the server tells a page: the year (the footer's copyright, which is not
 * UTC's on New Year's Eve), the day of the week (the opening hours' highlight) and the moment that
 * day ends. A browser building a date formatter of its own pays for the locale data while the page
 * starts (docs/performance.md); with these it needs one only on a page that starts after `endsAt`. The
 * end is counted in hours and minutes from midnight, so on a day whose clocks change it is an hour
 * out; pages carry data at most a minute old (the page cache), so that hour never meets one.
 */
export type ShopToday = { year: string; weekday: Weekday; endsAt: number };

export function shopToday(now: Date, timeZone: string): ShopToday {
  const part = partsIn('minute', now, timeZone);
  const intoDayMs =
    ((Number(part('hour')) * 60 + Number(part('minute'))) * 60 + now.getUTCSeconds()) * 1000 +
    now.getUTCMilliseconds();
  return {
    year: part('year')!,
    weekday: weekdayIn(now, timeZone),
    endsAt: now.getTime() - intoDayMs + 24 * 60 * 60 * 1000,
  };
}

/** 40 -> "40min", 60 -> "1h", 90 -> "1h 30min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}min`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}min`;
}

/** The ten digits of a US number written any way (punctuation, a leading 1), or null when it is not one. */
export function usPhoneDigits(phone: string): string | null {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? digits : null;
}

/** Ten US digits, with or without punctuation or a leading 1, as "(###) ###-####"; anything else as given. */
export function formatPhone(phone: string): string {
  const digits = usPhoneDigits(phone);
  if (!digits) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** A phone number as a tel: URI in E.164 when it is a US number. */
export function phoneHref(phone: string): string {
  const digits = usPhoneDigits(phone);
  return digits ? `tel:+1${digits}` : `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** "09:00" or "17:30" (24-hour) to "9:00 AM" or "5:30 PM". */
export function formatTime(time24: string): string {
  const [h = '0', m = '00'] = time24.split(':');
  const hour = Number(h) % 24;
  const suffix = hour < 12 ? 'AM' : 'PM';
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${m.padStart(2, '0')} ${suffix}`;
}

/**
 * Text as people mean it, however it was typed or pasted: composed (NFC), so a name with an accent
 * is stored, matched by a search and counted against its limit one way whichever way the keyboard,
 * the clipboard or the sign-in provider wrote it ("Zoe" + U+0308 is "Zoë"); trimmed.
 */
export function composedText(text: string): string {
  return text.normalize('NFC').trim();
}

/**
 * One line of text, such as a name, as people mean it: composed, with each run of spaces, tabs,
 * line breaks or no-break spaces one space, so "Logo  Hoodie" pasted with two spaces reads and is
 * sent in an email, a link preview or a CSV as "Logo Hoodie".
 */
export function oneLineText(text: string): string {
  return composedText(text).replace(/\s+/g, ' ');
}

/**
 * "Logo Hoodie" -> "logo-hoodie", "Дмитрий Иванов" -> "дмитрий-иванов": product and barber URLs
 * (DESIGN.md section 7). Latin letters lose their accents ("Café" -> "cafe"); letters of other
 * scripts stay as they are, marks and all (й, プ), so a name in any script has an address. Links and
 * redirects percent-encode it.
 */
export function slugify(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/(?<=[a-z])[\u0300-\u036f]+/gi, '')
      .normalize('NFC')
      .toLowerCase()
      // A mark belongs to the letter before it (a vowel sign); one on anything else (an emoji's) goes.
      .replace(/(?<![\p{L}\p{M}\p{N}])\p{M}+/gu, '')
      .replace(/[^\p{L}\p{M}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
  );
}

/**
 * Why a product's or a barber's name is refused as taken: names with one slug would share a web
 * address, so a name differing from one in use only in case, accents, spaces or punctuation is taken too.
 */
export function nameTakenMessage(kind: 'product' | 'barber', name: string): string {
  return `Name must be unique! A ${kind} named "${name}", or differing from it only in case, accents, spaces or punctuation, already exists.`;
}

/**
 * The one way an address is printed on one line ("2150 N Academy Blvd, Suite 104, Colorado Springs,
 * CO 80909"): the pickup panel, the barber pages, emails, the users list and its search. Empty fields
 * are left out, so an address kept whole in line1 prints as it was typed. The shop is in the US, so
 * the country is not printed.
 */
export function formatAddress(address: Address): string {
  const region = [address.state, address.postal_code].filter(Boolean).join(' ');
  return [address.line1, address.line2, address.city, region].filter(Boolean).join(', ');
}

/**
 * An absolute URL on the site at `origin` for a path and query. The path never changes the host:
 * `//evil.example/x` (a request line, a link built from one) stays a path on the site; a target that is
 * not a path (an absolute-form request line) is the home page.
 */
export function urlOnSite(origin: string, pathAndQuery: string): URL {
  const url = new URL(origin);
  const target = pathAndQuery.startsWith('/') ? pathAndQuery : '/';
  const query = target.indexOf('?');
  url.pathname = query === -1 ? target : target.slice(0, query);
  url.search = query === -1 ? '' : target.slice(query);
  return url;
}

/**
 * A number as staff type it: digits with an optional sign and decimal point. Anything else, which
 * `Number` would read (hex such as 0x10, exponents such as 1e3, Infinity, spaces inside), is NaN, so
 * the form says it is not a number instead of saving another value than the one typed.
 */
export function typedNumber(text: string): number {
  const trimmed = text.trim();
  return /^[-+]?(\d+(\.\d*)?|\.\d+)$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * A price as staff type it, in dollars: a number as typedNumber reads it, after a leading "$" and
 * with commas that group thousands as US prices are written ("$1,200.50" is 1200.5). A comma anywhere
 * else ("25,50", cents after a comma as much of the world writes them) is NaN: read as a thousands
 * separator it would be a price a hundred times too high, stored without a word.
 */
export function typedDollars(text: string): number {
  const amount = text.trim().replace(/^\$\s*/, '');
  if (amount.includes(',') && !/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(amount)) return Number.NaN;
  return typedNumber(amount.replaceAll(',', ''));
}

/**
 * A percentage as staff type it ("8.25", "8.25%", "8.25 %") as the fraction it is, to the thousandth
 * of a percent the settings form shows (2.9 / 100 is 0.028999999999999998 in floating point); NaN
 * for what typedNumber refuses. A field labelled "(%)" is often filled with the sign too.
 */
export function typedPercent(text: string): number {
  return Math.round(typedNumber(text.trim().replace(/\s*%$/, '')) * 1000) / 100_000;
}
