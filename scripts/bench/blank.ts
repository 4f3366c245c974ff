import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestListener } from '@react-router/node';
import type { ServerBuild } from 'react-router';
import { freePort } from './stats.ts';

const BLANK_ROOT = join(import.meta.dirname, '../../bench/blank');
const CLIENT_DIR = join(BLANK_ROOT, 'build/client');
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css' };

/** Builds bench/blank (the blank React Router page) with the toolchain apps/web builds with. */
export async function buildBlankPage() {
  const cli = join(import.meta.dirname, '../../node_modules/@react-router/dev/bin.cjs');
  const child = spawn(process.execPath, [cli, 'build'], {
    cwd: BLANK_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await new Promise<void>((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`blank page build exited ${code}`)),
    ),
  );
}

/** Serves the blank page's build: its assets from disk, the page through React Router's Node listener. */
export async function serveBlankPage(): Promise<{ url: string; close(): Promise<void> }> {
  const build = (await import(pathToFileURL(join(BLANK_ROOT, 'build/server/index.js')).href)) as ServerBuild;
  const render = createRequestListener({ build, mode: 'production' });
  const server: Server = createServer(async (request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    // Browsers ask for /favicon.ico and Lighthouse for /robots.txt; the blank page has neither, and
    // React Router would log each 404 with its stack in the middle of the bench's output.
    if (path === '/favicon.ico' || path === '/robots.txt') return response.writeHead(404).end();
    if (!path.startsWith('/assets/')) return render(request, response);
    try {
      const body = await readFile(join(CLIENT_DIR, path));
      response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
