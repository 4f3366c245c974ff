import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3MediaStorage } from './media.storage.ts';

/** A stand-in for an S3 bucket's HTTP API: PUT, GET and HEAD on path-style object URLs. */
function startFakeS3() {
  const objects = new Map<string, Buffer>();
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = req.url ?? '';
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200).end();
      } else if (objects.has(key)) {
        res.writeHead(200, { 'content-length': objects.get(key)!.length });
        res.end(req.method === 'HEAD' ? undefined : objects.get(key));
      } else res.writeHead(404).end();
    });
  });
  return { server, objects, requests };
}

describe('s3MediaStorage', () => {
  const fake = startFakeS3();
  let server: Server;
  let endpoint: string;
  beforeAll(async () => {
    server = fake.server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('stores, finds and reads objects with signed requests', async () => {
    const storage = s3MediaStorage({
      bucket: 'shop-media',
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
    });
    expect(await storage.exists('images/abc-320.webp')).toBe(false);
    expect(await storage.get('images/abc-320.webp')).toBeNull();
    await storage.put('images/abc-320.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(fake.objects.get('/shop-media/images/abc-320.webp')?.toString()).toBe('webp bytes');
    expect(await storage.exists('images/abc-320.webp')).toBe(true);
    expect((await storage.get('images/abc-320.webp'))?.toString()).toBe('webp bytes');
    const put = fake.requests.find((r) => r.method === 'PUT');
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/us-east-1\/s3\//,
    );
    expect(put?.headers['x-amz-content-sha256']).toBeTruthy();
  });

  it('refuses keys that climb out of the bucket prefix', async () => {
    const storage = s3MediaStorage({ bucket: 'b', endpoint, region: 'us-east-1' });
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Invalid media key/,
    );
  });
});
