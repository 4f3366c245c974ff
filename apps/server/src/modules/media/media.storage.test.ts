import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3 } from '../../test/fake-s3.ts';
import { s3MediaStorage } from './media.storage.ts';

describe('s3MediaStorage', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    fake = await startFakeS3();
  });
  afterAll(() => fake.close());

  it('stores, finds, reads and deletes objects with signed requests', async () => {
    const storage = s3MediaStorage({
      bucket: 'shop-media',
      endpoint: fake.endpoint,
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

    await storage.remove('images/abc-320.webp');
    expect(fake.objects.has('/shop-media/images/abc-320.webp')).toBe(false);
    expect(await storage.exists('images/abc-320.webp')).toBe(false);
    await storage.remove('images/abc-320.webp');
    expect(fake.requests.filter((r) => r.method === 'DELETE')[0]?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 /,
    );
  });

  it('refuses keys that climb out of the bucket prefix', async () => {
    const storage = s3MediaStorage({ bucket: 'b', endpoint: fake.endpoint, region: 'us-east-1' });
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow(
      /Invalid media key/,
    );
  });
});
