import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { shellChunks } from './chunks.ts';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    assetsInlineLimit: 0,
    // The server build is one file; only the browser's chunks matter for a page's first load.
    rolldownOptions: isSsrBuild ? {} : { output: { codeSplitting: { groups: shellChunks() } } },
  },
}));
