/** A message as a mail client reads it: its headers (unfolded, by lower-case name) and its parts, decoded. */
export type ReadMessage = {
  headers: Map<string, string>;
  /** The message's content type, without its parameters. */
  type: string;
  parts: { type: string; headers: Map<string, string>; body: string }[];
};

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const text = raw.replace(/\r\n/g, '\n');
  const end = text.indexOf('\n\n');
  const head = end === -1 ? text : text.slice(0, end);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: end === -1 ? '' : text.slice(end + 2) };
}

function decode(body: string, encoding = '7bit'): string {
  switch (encoding.toLowerCase()) {
    case 'quoted-printable': {
      const bytes = body
        .replace(/=\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
      return Buffer.from(bytes, 'latin1').toString('utf8');
    }
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    default:
      return body;
  }
}

/** Reads a raw message, as an SMTP server received it, with its text parts decoded (one level of multipart). */
export function readMessage(raw: string): ReadMessage {
  const { headers, body } = splitHead(raw);
  const contentType = headers.get('content-type') ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) {
    return {
      headers,
      type,
      parts: [{ type, headers, body: decode(body, headers.get('content-transfer-encoding')) }],
    };
  }
  const parts = body
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((chunk) => {
      const part = splitHead(chunk.replace(/^\n/, ''));
      return {
        type: (part.headers.get('content-type') ?? 'text/plain').split(';')[0]!.trim().toLowerCase(),
        headers: part.headers,
        body: decode(part.body.replace(/\n$/, ''), part.headers.get('content-transfer-encoding')),
      };
    });
  return { headers, type, parts };
}
