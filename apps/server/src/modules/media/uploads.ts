import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { IMAGE_TOO_LARGE, type ImageSlot, MAX_UPLOAD_BYTES } from '@barbershop/contract';
import type { Executor } from '@barbershop/db';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError, assertPlainText } from '../../plugins/errors.ts';
import { perUserLimit } from '../../plugins/rate-limit.ts';
import { IMAGE_WIDTHS, renditionKey, storeImage } from './images.ts';
import { queueForSweep } from './media.repository.ts';
import type { MediaStorage } from './media.storage.ts';

/** The multipart field names of every form with images: the JSON of the form, and the files. */
export const FORM_FIELD = 'form';
export const FILES_FIELD = 'images';
export const MAX_FILES_PER_REQUEST = 10;
const MAX_FORM_BYTES = 256 * 1024;

/**
 * An answer sent before the upload has been read to its end (refused: not allowed, too many, too
 * large) closes the connection, so the rest of the body is never read: the refusal costs nothing
 * more, and no half-read request is held until the server's request timeout.
 */
async function closeUnreadUpload(request: FastifyRequest, reply: FastifyReply) {
  if (!request.raw.complete) reply.header('connection', 'close');
}

/**
 * The options every route that takes uploads starts from: its role, and one rate limit per staff
 * member across all of these routes, checked on request, before the body is read.
 */
export const uploadRoute = (access: 'staff' | 'admin', maxPerMinute: number) => ({
  config: {
    access,
    rateLimit: perUserLimit(maxPerMinute, 'Too many uploads. Wait a minute and try again.', 'uploads'),
  },
  onSend: closeUnreadUpload,
});

const withZod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/**
 * Registers the routes that take forms with images in a context of their own, the only one that
 * reads multipart bodies: @fastify/multipart's two hooks on every request (they clean up the
 * temporary files of its disk mode, which withUpload does not use) then run on these few routes
 * instead of on every API call. Another route sent a multipart body answers 415.
 */
export async function multipartRoutes(
  app: FastifyInstance,
  routes: (forms: ReturnType<typeof withZod>) => void,
) {
  await app.register(async (forms) => {
    // Each route sets its own limits when it reads the parts (readParts).
    await forms.register(multipart, { limits: { files: 0, fileSize: 0 } });
    routes(withZod(forms));
  });
}

/** A saved form's JSON (not yet validated) and its uploaded files, each on disk. */
export type Upload = { form: unknown; files: string[] };

const LIMIT_MESSAGES: Record<string, [code: 'payload_too_large', message: string]> = {
  FST_REQ_FILE_TOO_LARGE: ['payload_too_large', IMAGE_TOO_LARGE],
  FST_FILES_LIMIT: ['payload_too_large', `At most ${MAX_FILES_PER_REQUEST} images can be sent at once.`],
  FST_PARTS_LIMIT: ['payload_too_large', 'The form has too many parts.'],
  FST_FIELDS_LIMIT: ['payload_too_large', 'The form has too many fields.'],
};

function limitError(error: unknown): AppError | null {
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? LIMIT_MESSAGES[code] : undefined;
  if (known) return new AppError(...known);
  // busboy's words for a body that is not whole multipart (cut off, or no closing boundary): the
  // client's mistake, not the server's.
  const message = error instanceof Error ? error.message : '';
  if (/^(Unexpected end of (multipart|form)|Malformed)/i.test(message))
    return new AppError('bad_request', 'The upload was cut off or is not a whole form: send it again.');
  // busboy's refusal of a Content-Type without its boundary: what a client sends when it sets the
  // header itself over a form body, which only the HTTP client that encodes the body can name.
  if (/Boundary not found/i.test(message))
    return new AppError(
      'bad_request',
      "The form's Content-Type names no boundary: let the HTTP client set the Content-Type of a multipart form itself.",
    );
  return null;
}

async function readParts(request: FastifyRequest, dir: string, maxFiles: number): Promise<Upload> {
  let formText: string | undefined;
  const files: string[] = [];
  const parts = request.parts({
    limits: {
      files: maxFiles,
      fileSize: MAX_UPLOAD_BYTES,
      fields: 4,
      fieldSize: MAX_FORM_BYTES,
      parts: maxFiles + 4,
    },
  });
  for await (const part of parts) {
    if (part.type === 'field') {
      if (part.valueTruncated) throw new AppError('payload_too_large', 'The form is too large.');
      if (part.fieldname === FORM_FIELD) formText = String(part.value);
      continue;
    }
    if (part.fieldname !== FILES_FIELD) {
      part.file.resume();
      throw new AppError('bad_request', `Send files in the "${FILES_FIELD}" field, not "${part.fieldname}".`);
    }
    // Streamed to disk so that memory stays bounded whatever the file's size. At the size limit the
    // request is refused at once: left alone, the parser would read the rest of the file first.
    const path = join(dir, `upload-${files.length}`);
    part.file.once('limit', () => part.file.destroy(limitError({ code: 'FST_REQ_FILE_TOO_LARGE' })!));
    await pipeline(part.file, createWriteStream(path));
    // A browser sends an empty, nameless part for a file input left empty.
    if (!part.filename && (await stat(path)).size === 0) continue;
    files.push(path);
  }
  if (formText === undefined) throw new AppError('bad_request', `${FORM_FIELD}: is required`);
  let form: unknown;
  let poisoned = false;
  try {
    form = JSON.parse(formText, (key, value) => {
      poisoned ||= key === '__proto__' || key === 'constructor';
      return value;
    });
  } catch {
    throw new AppError('bad_request', `${FORM_FIELD}: is not valid JSON`);
  }
  // Refused as a JSON body refuses them (Fastify's parser): a key that would set an object's
  // prototype. No field is named either, and a record (a product's sizes) silently dropped it.
  if (poisoned) {
    throw new AppError('bad_request', `${FORM_FIELD}: must not contain a "__proto__" or "constructor" key`);
  }
  // The JSON body check of every other request, which this text parsed here never went through.
  assertPlainText(form, FORM_FIELD);
  return { form, files };
}

/**
 * Reads a form with images: multipart `form` (JSON) and up to `maxFiles` `images` files of 10 MB
 * each, streamed into a temporary directory that is removed once `use` has finished. A JSON body
 * (no files) is accepted as the form too.
 */
export async function withUpload<T>(
  request: FastifyRequest,
  maxFiles: number,
  use: (upload: Upload) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) {
    if (request.body === undefined || request.body === null)
      throw new AppError('bad_request', `${FORM_FIELD}: is required`);
    return use({ form: request.body, files: [] });
  }
  const dir = await mkdtemp(join(tmpdir(), 'upload-'));
  try {
    let upload: Upload;
    try {
      upload = await readParts(request, dir, maxFiles);
    } catch (error) {
      throw limitError(error) ?? error;
    }
    return await use(upload);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Validates a form against its contract schema; a failure is a 400 naming the first bad field. */
export function parseForm<S extends z.ZodType>(schema: S, form: unknown): z.infer<S> {
  const result = schema.safeParse(form);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = [FORM_FIELD, ...(issue?.path ?? []).map(String)].join('.');
  throw new AppError('bad_request', `${path}: ${issue?.message ?? 'is invalid'}`);
}

/**
 * Decodes, cleans and stores each uploaded file in turn (one at a time: decoding is heavy). Each key
 * is queued for the media sweep before its files are written, so the images of a save that then
 * fails are deleted in time, and those of one that succeeds are kept.
 */
export async function storeUploads(db: Executor, storage: MediaStorage, files: string[]): Promise<string[]> {
  const keys: string[] = [];
  for (const file of files) keys.push(await storeImage(storage, file, (key) => queueForSweep(db, [key])));
  return keys;
}

/**
 * In a save's transaction, before it commits: queues the images it had (`previous`, which it may be
 * leaving) and the ones it will refer to (`next`). The rows of `next` stay locked to the commit, so
 * no sweep can delete those images until the save refers to them; one a sweep deleted while the
 * save was storing its uploads (a save slower than the grace period) refuses the save (409) rather
 * than commit a record whose pictures are gone.
 */
export async function holdImagesForSave(
  tx: Executor,
  storage: MediaStorage,
  previous: string[],
  next: string[],
): Promise<void> {
  await queueForSweep(tx, [...previous, ...next]);
  for (const key of next.filter((key) => !previous.includes(key))) {
    if (!(await storage.exists(renditionKey(key, IMAGE_WIDTHS[2]))))
      throw new AppError(
        'conflict',
        'An image of this form was deleted before it was saved: add it again, then save.',
      );
  }
}

/**
 * Turns image slots into media keys in display order. `{ upload: n }` is the n-th uploaded file;
 * `{ key }` is an image already stored (one the record has, or any the storage holds).
 * `field` names the form field in error messages.
 */
export async function resolveImageSlots(
  db: Executor,
  storage: MediaStorage,
  slots: ImageSlot[],
  uploaded: string[],
  current: string[],
  field: string,
): Promise<string[]> {
  // Before their files are looked for: a sweep deleting one of them finishes first (see queueForSweep).
  await queueForSweep(
    db,
    slots.flatMap((slot) => ('key' in slot ? [slot.key] : [])),
  );
  const keys: string[] = [];
  for (const [i, slot] of slots.entries()) {
    if ('upload' in slot) {
      const key = uploaded[slot.upload];
      if (!key)
        throw new AppError('bad_request', `${FORM_FIELD}.${field}.${i}: no uploaded file ${slot.upload}`);
      keys.push(key);
    } else {
      const known =
        current.includes(slot.key) || (await storage.exists(renditionKey(slot.key, IMAGE_WIDTHS[2])));
      if (!known) throw new AppError('bad_request', `${FORM_FIELD}.${field}.${i}: is not a stored image`);
      keys.push(slot.key);
    }
  }
  return keys;
}
