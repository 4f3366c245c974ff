/** A file for a multipart body: its bytes, the name the browser sends, and the type it claims. */
export type FormFile = { body: Buffer; filename: string; type?: string };

/**
 * A multipart body as a browser's FormData sends it: a `form` field with the JSON and each file in
 * `images` (or the field given). Returns what app.inject takes: the payload and its content type.
 */
export async function multipart(
  form: unknown,
  files: FormFile[] = [],
  { fileField = 'images' }: { fileField?: string } = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const data = new FormData();
  if (form !== undefined) data.append('form', JSON.stringify(form));
  for (const file of files) {
    data.append(
      fileField,
      new Blob([new Uint8Array(file.body)], { type: file.type ?? 'image/png' }),
      file.filename,
    );
  }
  const request = new Request('http://localhost/', { method: 'POST', body: data });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '', 'sec-fetch-site': 'same-origin' },
  };
}
