import type { CurrentUser, Order } from '@barbershop/contract';
import { LATE_PAYMENT_REFUNDED, MISMATCHED_PAYMENT_REFUNDED } from '@barbershop/contract';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type LoaderFunction,
  StaticRouterProvider,
  useLoaderData,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { testLoadContext, visibleText } from '../../lib/testing.ts';
import PaymentConfirmation, { loader } from './payment-confirmation.tsx';

const ORDER_ID = '0b6f3c52-5a4e-4d8e-9a55-6d1f4f6f2a10';
const CUSTOMER: NonNullable<CurrentUser> = {
  gid: '6a0f7e2b-3d0c-4c59-8a8e-0f6f8d2b9c11',
  name: 'Casey Customer',
  email: 'casey@example.com',
  picture: '',
  accessLevel: 1,
};

function order(status: Order['status'], log: string[]): Order {
  const at = '2026-11-27T10:00:00.000Z';
  return {
    _id: ORDER_ID,
    date: at,
    status,
    total: 2500,
    deliveryMethod: 'pickup',
    user: { gid: CUSTOMER.gid, name: CUSTOMER.name, email: CUSTOMER.email },
    subtotal: 2500,
    salesTax: 0,
    shippingCost: 0,
    shipping: null,
    products: [],
    log: log.map((message) => ({ at, message, actor: null })),
  };
}

function Page() {
  const loaderData = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  return <PaymentConfirmation {...({ loaderData } as Parameters<typeof PaymentConfirmation>[0])} />;
}

/** The page as the server renders it for the signed-in customer whose order the API answers. */
async function confirmationText(answer: Order): Promise<string> {
  const handler = createStaticHandler([
    { id: 'confirmation', path: '/payment-confirmation', loader: loader as LoaderFunction, Component: Page },
  ]);
  const requestContext = testLoadContext(async (path) =>
    Response.json(path.startsWith('/users/me') ? CUSTOMER : answer),
  );
  const context = await handler.query(
    new Request(`http://localhost/payment-confirmation?orderId=${ORDER_ID}`),
    { requestContext },
  );
  if (context instanceof Response) throw new Error(`unexpected answer ${context.status}`);
  const html = renderToString(
    <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
  );
  return visibleText(html);
}

describe('the payment confirmation page', () => {
  it('says a payment that came too late, or for the wrong amount, was refunded, not that nothing was charged', async () => {
    for (const message of [LATE_PAYMENT_REFUNDED, MISMATCHED_PAYMENT_REFUNDED]) {
      const text = await confirmationText(order('canceled', [message]));
      expect(text).toContain('Payment Refunded');
      expect(text).toContain('it was refunded in full');
      expect(text).not.toContain('nothing was charged');
    }
  });

  it('says nothing was charged when the order was canceled unpaid', async () => {
    // The expiry sweep's line.
    const text = await confirmationText(order('canceled', ['Reservation expired; order canceled']));
    expect(text).toContain('Payment Not Completed');
    expect(text).toContain('The payment did not go through, and nothing was charged.');
  });
});
