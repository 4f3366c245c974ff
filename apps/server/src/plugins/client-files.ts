import { readdirSync } from 'node:fs';
import { relative } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// A name a route pattern can list as it is; anything else gets a route of its own.
const PLAIN_NAME = /^[\w.-]+$/;

/** The files under `root` by folder (relative, '' for `root` itself), dotfiles left out. */
function filesByFolder(root: string): Map<string, string[]> {
  const folders = new Map<string, string[]>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const folder = relative(root, entry.parentPath);
    if (
      !entry.isFile() ||
      entry.name.startsWith('.') ||
      folder.split('/').some((part) => part.startsWith('.'))
    )
      continue;
    folders.set(folder, [...(folders.get(folder) ?? []), entry.name]);
  }
  return folders;
}

/** As @fastify/static's routes: a download the browser abandoned is no error to report. */
function fileErrors(app: FastifyInstance) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'ERR_STREAM_PREMATURE_CLOSE') return request.raw.destroy();
    return app.errorHandler(error, request, reply);
  };
}

/**
 * Serves the web build's browser files (`build/client`), each at its path, with what @fastify/static
 * gives a file (ETag, ranges, the precompressed .br or .gz the client accepts). @fastify/static would
 * scan the folder and register a route per file: ~170 routes with the .br and .gz copies, ~60-90 ms of
 * start-up. Here the folder is listed once and each subfolder (`/assets/`) gets one route whose
 * pattern lists its file names: an address that names no file matches no file route and reaches the
 * page route, exactly as with a route per file. The files beside them (favicon.svg) get a route each,
 * so no pattern is tried for every page's address.
 */
export async function serveClientFiles(app: FastifyInstance, root: string) {
  await app.register(fastifyStatic, {
    root,
    serve: false,
    index: false,
    // apps/web/scripts/precompress.ts wrote .br and .gz beside each text file at build time.
    preCompressed: true,
    setHeaders(reply, path) {
      // Vite's hashed file names change with their content, so they can be cached for good.
      const cache = path.includes('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600';
      reply.header('cache-control', cache);
    },
  });
  const route = { method: ['GET', 'HEAD'], schema: { hide: true }, errorHandler: fileErrors(app) };
  const fileRoute = (path: string) =>
    app.route({ ...route, url: path, handler: (_request, reply) => reply.sendFile(path) });
  for (const [folder, names] of filesByFolder(root)) {
    const prefix = folder ? `/${folder}/` : '/';
    const listed = folder ? names.filter((name) => PLAIN_NAME.test(name)) : [];
    for (const name of names.filter((name) => !listed.includes(name))) fileRoute(prefix + name);
    if (!listed.length) continue;
    const pattern = listed.map((name) => name.replaceAll('.', '\\.')).join('|');
    app.route({
      ...route,
      url: `${prefix}:file(^(?:${pattern})$)`,
      handler: (request, reply) => reply.sendFile(prefix + (request.params as { file: string }).file),
    });
  }
}
