import { createDeflate } from 'node:zlib';

/**
 * A real PNG whose header says `width` x `height` pixels, small on the wire (one bit a pixel, all
 * zero): a decompression bomb. At 50,000 x 50,000 it is 2.5 gigapixels, about 300 KB sent. The pixel
 * rows are compressed as a stream, so making it holds none of them in memory.
 */
export async function pngBomb(width: number, height = width): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, grayscale, deflate, no filter, no interlace
  const deflate = createDeflate();
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  // Each row is its filter byte (0) and width/8 bytes of pixels, all zero.
  let left = height * (1 + Math.ceil(width / 8));
  const zeros = Buffer.alloc(4 * 1024 * 1024);
  while (left > 0) {
    const part = zeros.subarray(0, Math.min(left, zeros.length));
    left -= part.length;
    if (!deflate.write(part)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(compressed)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
