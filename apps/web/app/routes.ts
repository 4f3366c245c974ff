import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  layout('routes/site/site-layout.tsx', [
    index('routes/site/home.tsx'),
    route('legal/privacy', 'routes/site/privacy.tsx'),
    route('legal/terms', 'routes/site/terms.tsx'),
    // Any barbershop name shows the barber tabs (DESIGN.md section 7); one module, two route ids.
    route('barbershops', 'routes/site/barbers.tsx', { id: 'barbershops' }),
    route('barbershops/:barbershop', 'routes/site/barbers.tsx', { id: 'barbershop' }),
    route('sign-in', 'routes/account/sign-in.tsx'),
    route('account', 'routes/account/account.tsx'),
    route('account/orders', 'routes/account/orders.tsx'),
    route('account/orders/:orderId', 'routes/account/order.tsx'),
    route('*', 'routes/site/not-found.tsx'),
  ]),
  // The staff dashboard: its own layout and modules, so no public page loads its code.
  layout('routes/dashboard/dashboard-layout.tsx', [
    ...prefix('dashboard', [
      route('orders', 'routes/dashboard/orders.tsx'),
      route('orders/:orderId', 'routes/dashboard/order.tsx'),
      route('users/:id', 'routes/dashboard/user.tsx'),
      route('activity', 'routes/dashboard/activity.tsx'),
    ]),
  ]),
] satisfies RouteConfig;
