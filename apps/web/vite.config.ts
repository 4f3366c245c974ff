import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { shellChunks } from './chunks.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    // The browsers the shop supports (README.md, "Browsers"): Vite 8's 'baseline-widely-available'
    // spelled out, so an upgrade that moves it is a change someone sees. Tailwind 4's stylesheet
    // asks the same (Safari 16.4, Chrome 111); below it the server-rendered pages and their links
    // still work, and a script that cannot start says so (lib/start-after-paint.ts).
    target: ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'],
    assetsInlineLimit: 0,
    // The server build is one file; only the browser's chunks matter for a page's first load.
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: shellChunks() } } },
  },
}));
