import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  layout('routes/site/site-layout.tsx', [
    index('routes/site/home.tsx'),
    route('legal/privacy', 'routes/site/privacy.tsx'),
    route('legal/terms', 'routes/site/terms.tsx'),
    route('*', 'routes/site/not-found.tsx'),
  ]),
] satisfies RouteConfig;
