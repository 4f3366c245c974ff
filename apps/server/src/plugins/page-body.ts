import { constants, crc32, deflateRawSync } from 'node:zlib';

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/** Copies kept for reuse, all pages together (a 90 KB page: about 45 copies). */
export const SPARE_BYTES = 4 * 1024 * 1024;

/** How many bytes of spare copies the pages of one cache hold, and may hold. */
export type SpareBudget = { held: number; max: number };

/**
 * One encoding of a kept page: its bytes with a nonce-sized gap at each of `slots`, and copies
 * already sent that can be filled again. Each answer is a copy with its own nonce written in,
 * instead of a fresh buffer per answer: under load those buffers, freed only when V8 collects
 * their wrappers, were most of the server's growth in memory.
 */
class Template {
  readonly bytes: Buffer;
  private readonly slots: number[];
  private readonly budget: SpareBudget;
  private readonly spares: Buffer[] = [];
  private dropped = false;

  constructor(bytes: Buffer, slots: number[], budget: SpareBudget) {
    this.bytes = bytes;
    this.slots = slots;
    this.budget = budget;
  }

  /** A copy with `nonce` (as long as the placeholder) in every slot; `release` it once it is sent. */
  fill(nonce: string): Buffer {
    const spare = this.spares.pop();
    if (spare) this.budget.held -= spare.length;
    const copy = spare ?? Buffer.from(this.bytes);
    for (const slot of this.slots) copy.write(nonce, slot, 'latin1');
    return copy;
  }

  /** Takes back a copy the socket is done with (the response's `finish`), while there is room. */
  release(copy: Buffer) {
    if (this.dropped || this.budget.held + copy.length > this.budget.max) return;
    this.budget.held += copy.length;
    this.spares.push(copy);
  }

  /** The page left memory: its spare copies go too. */
  drop() {
    this.dropped = true;
    for (const spare of this.spares) this.budget.held -= spare.length;
    this.spares.length = 0;
  }
}

/**
 * A rendered page kept as plain bytes and as one gzip member, both with room for the nonce
 * wherever `placeholder` was. The gzip member is each piece between placeholders deflated once
 * on its own, ending byte-aligned and referring to nothing outside itself, with the nonce between
 * them as a stored block: only the checksum is worked out per answer.
 */
export function createPageBody(html: string, placeholder: string, budget: SpareBudget) {
  const nonceLength = Buffer.byteLength(placeholder);
  const plainBytes = Buffer.from(html);
  const plainSlots: number[] = [];
  for (let at = plainBytes.indexOf(placeholder); at >= 0; at = plainBytes.indexOf(placeholder, at + 1))
    plainSlots.push(at);
  const pieces = [0, ...plainSlots.map((slot) => slot + nonceLength)].map((start, i) =>
    plainBytes.subarray(start, plainSlots[i] ?? plainBytes.length),
  );

  const stored = Buffer.alloc(5);
  stored.writeUInt16LE(nonceLength, 1);
  stored.writeUInt16LE(~nonceLength & 0xffff, 3);
  const chunks: Buffer[] = [GZIP_HEADER];
  const gzipSlots: number[] = [];
  let at = GZIP_HEADER.length;
  pieces.forEach((piece, i) => {
    if (i > 0) {
      chunks.push(stored, Buffer.alloc(nonceLength));
      gzipSlots.push(at + stored.length);
      at += stored.length + nonceLength;
    }
    const deflated = deflateRawSync(piece, {
      level: constants.Z_BEST_COMPRESSION,
      finishFlush: i === pieces.length - 1 ? constants.Z_FINISH : constants.Z_FULL_FLUSH,
    });
    chunks.push(deflated);
    at += deflated.length;
  });
  // The checksum (first four bytes) is this answer's; the length is every answer's.
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(plainBytes.length >>> 0, 4);
  chunks.push(trailer);

  const plain = new Template(plainBytes, plainSlots, budget);
  const gzip = new Template(Buffer.concat(chunks), gzipSlots, budget);
  return {
    bytes: plain.bytes.length + gzip.bytes.length,

    /**
     * This answer's body with `nonce` in place, as gzip or plain; call `sent` once the socket is
     * done with it (the response's `finish`), so the next answer can reuse the copy.
     */
    answer(nonce: string, gzipped: boolean): { body: Buffer; sent: () => void } {
      if (nonce.length !== nonceLength) throw new Error('a nonce must be as long as the placeholder');
      const template = gzipped ? gzip : plain;
      const body = template.fill(nonce);
      if (gzipped) {
        let crc = 0;
        pieces.forEach((piece, i) => {
          if (i > 0) crc = crc32(nonce, crc);
          crc = crc32(piece, crc);
        });
        body.writeUInt32LE(crc >>> 0, body.length - 8);
      }
      return { body, sent: () => template.release(body) };
    },

    /** The page left memory. */
    drop() {
      plain.drop();
      gzip.drop();
    },
  };
}

export type PageBody = ReturnType<typeof createPageBody>;
