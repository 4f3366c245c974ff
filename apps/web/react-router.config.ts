import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // `npm run build` builds beside the live build and then puts it in place (scripts/release.ts).
  buildDirectory: process.env.WEB_BUILD_DIRECTORY ?? 'build',
} satisfies Config;
