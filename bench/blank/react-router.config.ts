import type { Config } from '@react-router/dev/config';

// The baseline of `npm run bench`: the smallest server-rendered React Router page, built by the same
// toolchain (React Router, Vite, React versions) as apps/web, so first-load JavaScript compares like with like.
export default {
  appDirectory: 'app',
  ssr: true,
} satisfies Config;
