import { type IncomingHttpHeaders, request } from 'node:http';

export type StreamedAnswer = {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** Bytes of the body the client had handed to the connection when the answer came. */
  sentBytes: number;
};

const BOUNDARY = 'streamed-upload-boundary';
const CHUNK = Buffer.alloc(64 * 1024, 7);

/**
 * POSTs a multipart form with one `images` file of `fileBytes` bytes over a real connection, written
 * a chunk at a time as the server takes it, and stops writing when the server answers. With
 * `stallAfter`, the client stops sending after that many bytes of the file and waits: an answer then
 * proves the server did not wait for the rest of the body. `signal` drops the connection (the
 * answer is then status 0).
 */
export function streamUpload(
  url: string,
  options: { cookie: string; form: unknown; fileBytes: number; stallAfter?: number; signal?: AbortSignal },
): Promise<StreamedAnswer> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="form"\r\n\r\n${JSON.stringify(options.form)}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="images"; filename="big.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          cookie: options.cookie,
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': head.length + options.fileBytes + tail.length,
          'sec-fetch-site': 'same-origin',
        },
      },
      (res) => {
        answered = true;
        const sentBytes = sent;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          req.destroy();
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
            sentBytes,
          });
        });
      },
    );
    options.signal?.addEventListener('abort', () => {
      if (answered) return;
      answered = true;
      req.destroy();
      resolve({ status: 0, headers: {}, body: '', sentBytes: sent });
    });
    // Once answered, the server may close the connection on a body it will not read.
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const send = async (bytes: Buffer) => {
      sent += bytes.length;
      if (req.write(bytes)) return;
      await new Promise<void>((next) => {
        const go = () => {
          req.off('drain', go).off('close', go);
          next();
        };
        req.on('drain', go).on('close', go);
      });
    };
    void (async () => {
      await send(head);
      const stop = Math.min(options.fileBytes, options.stallAfter ?? Number.POSITIVE_INFINITY);
      let file = 0;
      while (!answered && !req.destroyed && file < stop) {
        const part = CHUNK.subarray(0, Math.min(CHUNK.length, stop - file));
        file += part.length;
        await send(part);
      }
      if (!answered && file === options.fileBytes) req.end(tail);
    })();
  });
}
