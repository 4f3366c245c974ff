import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { duplexPair } from 'node:stream';
import type { FastifyInstance } from 'fastify';

/** What describes the in-memory connection rather than the answer: never passed on. */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding']);

export type InProcessRequest = {
  method: string;
  /** Path and query, as a request line carries them. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** The address the server sees the request come from (the visitor's, for rate limits and logs). */
  remoteAddress?: string;
};

export type InProcessAnswer = { status: number; headers: Headers; body: Buffer };

function collect(response: IncomingMessage): Promise<InProcessAnswer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('error', reject);
    response.on('end', () => {
      const headers = new Headers();
      const raw = response.rawHeaders;
      for (let i = 0; i < raw.length; i += 2) {
        if (!CONNECTION_HEADERS.has(raw[i]!.toLowerCase())) headers.append(raw[i]!, raw[i + 1]!);
      }
      resolve({ status: response.statusCode ?? 500, headers, body: Buffer.concat(chunks) });
    });
  });
}

/**
 * Sends one request to this server over a connection held in memory: Node's HTTP parser, Fastify's
 * router and every hook handle it exactly as a visitor's request, with no port, socket or network
 * hop. Not Fastify's `inject`: its stand-in request and response objects, once met, leave the
 * request path every visitor's request takes slower for the rest of the process's life
 * (docs/performance.md, docs/decisions.md).
 */
export function requestInProcess(app: FastifyInstance, request: InProcessRequest): Promise<InProcessAnswer> {
  const { method, path, headers, body, remoteAddress = '127.0.0.1' } = request;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        method,
        path,
        headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        // One connection per call, closed after the answer: it carries this caller's address only.
        createConnection: () => {
          const [ours, theirs] = duplexPair();
          // Where Fastify reads the caller's address (request.ip), as on a network socket.
          Object.assign(theirs, { remoteAddress });
          app.server.emit('connection', theirs);
          return ours as unknown as Socket;
        },
      },
      (response) => collect(response).then(resolve, reject),
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}
