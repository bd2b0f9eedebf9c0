/**
 * QR codes of the Wi-Fi pages, from the `qrcode` library (imported only by these lazy routes): the
 * module matrix drawn as SVG on screen and onto a canvas for the saved poster. Text is encoded as UTF-8
 * bytes, so an SSID of any characters survives a phone camera's scan.
 */
import QRCode from 'qrcode';

export interface QrMatrix {
  size: number;
  /** Row-major, 1 = dark module. */
  dark: (row: number, col: number) => boolean;
}

/** Quiet zone in modules on every side (the QR standard asks for 4). */
export const QUIET_ZONE = 4;

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) };
}

/** One SVG path of every dark module, in module units, offset by the quiet zone. */
export function qrPath(matrix: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.dark(row, col)) parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return parts.join('');
}

/** Draws the matrix with its quiet zone as a white square of `width` pixels at (x, y). */
export function drawQr(ctx: CanvasRenderingContext2D, matrix: QrMatrix, x: number, y: number, width: number): void {
  const cells = matrix.size + QUIET_ZONE * 2;
  const cell = Math.floor(width / cells);
  const side = cell * cells;
  const left = x + Math.floor((width - side) / 2);
  const top = y + Math.floor((width - side) / 2);
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(x, y, width, width);
  ctx.fillStyle = '#000000';
  for (let row = 0; row < matrix.size; row++) {
    for (let col = 0; col < matrix.size; col++) {
      if (matrix.dark(row, col)) {
        ctx.fillRect(left + (col + QUIET_ZONE) * cell, top + (row + QUIET_ZONE) * cell, cell, cell);
      }
    }
  }
}
