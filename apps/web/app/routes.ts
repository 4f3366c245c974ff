import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  layout('routes/site/site-layout.tsx', [
    index('routes/site/home.tsx'),
    route('legal/privacy', 'routes/site/privacy.tsx'),
    route('legal/terms', 'routes/site/terms.tsx'),
    // Any barbershop name shows the barber tabs (DESIGN.md section 7); one module, two route ids.
    route('barbershops', 'routes/site/barbers.tsx', { id: 'barbershops' }),
    route('barbershops/:barbershop', 'routes/site/barbers.tsx', { id: 'barbershop' }),
    route('store', 'routes/store/store.tsx'),
    route('store/:productName', 'routes/store/product.tsx'),
    route('store/:productName/:itemId', 'routes/store/item.tsx'),
    route('cart', 'routes/store/cart.tsx'),
    route('checkout', 'routes/store/checkout.tsx'),
    route('payment-confirmation', 'routes/store/payment-confirmation.tsx'),
    route('sign-in', 'routes/account/sign-in.tsx'),
    route('account', 'routes/account/account.tsx'),
    route('account/orders', 'routes/account/orders.tsx'),
    route('account/orders/:orderId', 'routes/account/order.tsx'),
    route('__error/:status', 'routes/site/error-status.tsx'),
    route('*', 'routes/site/not-found.tsx'),
  ]),
] satisfies RouteConfig;
