import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an S3 bucket's HTTP API: PUT, GET, HEAD and DELETE on path-style object
 * URLs. A DELETE answers 204 whether or not the object was there, as S3 does.
 */
export async function startFakeS3() {
  const objects = new Map<string, Buffer>();
  const requests: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = req.url ?? '';
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200).end();
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else if (objects.has(key)) {
        res.writeHead(200, { 'content-length': objects.get(key)!.length });
        res.end(req.method === 'HEAD' ? undefined : objects.get(key));
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    objects,
    requests,
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
