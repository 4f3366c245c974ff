import QRCode from 'qrcode';

/** A QR code of `url` as an SVG document, drawn on the server so no QR code library ships to the browser. */
export async function qrSvg(url: string): Promise<string> {
  return QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
}
