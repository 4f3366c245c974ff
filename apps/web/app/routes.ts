import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

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
  // The staff dashboard: its own layout and modules, so no public page loads its code.
  layout('routes/dashboard/dashboard-layout.tsx', [
    ...prefix('dashboard', [
      index('routes/dashboard/overview.tsx'),
      route('account', 'routes/dashboard/account.tsx'),
      route('products', 'routes/dashboard/products.tsx'),
      route('products/create', 'routes/dashboard/product-create.tsx'),
      route('products/:productName', 'routes/dashboard/product.tsx'),
      route('products/:productName/edit', 'routes/dashboard/product-edit.tsx'),
      route('products/:productName/labels', 'routes/dashboard/product-labels.tsx'),
      route('users', 'routes/dashboard/users.tsx'),
      route('settings', 'routes/dashboard/settings.tsx'),
      route('barbers', 'routes/dashboard/barbers.tsx'),
      route('barbers/create', 'routes/dashboard/barber-create.tsx'),
      route('barbers/:id', 'routes/dashboard/barber.tsx'),
      route('barbers/:id/edit', 'routes/dashboard/barber-edit.tsx'),
      route('orders', 'routes/dashboard/orders.tsx'),
      route('orders/:orderId', 'routes/dashboard/order.tsx'),
      route('users/:id', 'routes/dashboard/user.tsx'),
      route('activity', 'routes/dashboard/activity.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
