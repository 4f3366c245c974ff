/**
 * A QR code of `url` as an SVG document, drawn on the server so no QR code library reaches the
 * browser. Medium error correction survives a scuffed printed label. The library is loaded at the
 * first QR code, not when the server starts: the home page needs none.
 */
export async function qrSvg(url: string): Promise<string> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
