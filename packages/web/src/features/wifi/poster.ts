/**
 * 保存图片 of the share poster: the poster drawn on a canvas (title, the Wi-Fi name, the QR, the tip),
 * turned into a PNG with `toBlob` and downloaded through an `<a download>`. User text is drawn as
 * canvas text, never parsed as markup.
 */
import { themeToken } from '../../platform/theme';
import { drawQr, type QrMatrix } from './qr';

export const POSTER_WIDTH = 600;
export const POSTER_HEIGHT = 820;
const QR_SIZE = 440;

export interface PosterText {
  title: string;
  ssidLabel: string;
  tip: string;
}

/** Text at `size` px, shrunk until it fits `maxWidth`. */
function fitText(ctx: CanvasRenderingContext2D, text: string, y: number, size: number, maxWidth: number): void {
  let px = size;
  ctx.font = `600 ${px}px sans-serif`;
  while (px > 12 && ctx.measureText(text).width > maxWidth) {
    px -= 2;
    ctx.font = `600 ${px}px sans-serif`;
  }
  ctx.fillText(text, POSTER_WIDTH / 2, y, maxWidth);
}

export function drawPoster(canvas: HTMLCanvasElement, matrix: QrMatrix, text: PosterText): void {
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d unavailable');
  ctx.fillStyle = themeToken('--hk-color-info');
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  ctx.fillStyle = themeToken('--adm-color-background');
  ctx.fillRect(40, 150, POSTER_WIDTH - 80, POSTER_HEIGHT - 190);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = themeToken('--adm-color-text-light-solid');
  fitText(ctx, text.title, 90, 40, POSTER_WIDTH - 80);
  ctx.fillStyle = themeToken('--adm-color-text');
  fitText(ctx, text.ssidLabel, 200, 30, POSTER_WIDTH - 120);
  drawQr(ctx, matrix, (POSTER_WIDTH - QR_SIZE) / 2, 240, QR_SIZE);
  ctx.fillStyle = themeToken('--adm-color-weak');
  fitText(ctx, text.tip, 730, 22, POSTER_WIDTH - 120);
}

function toPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('toBlob gave nothing'))), 'image/png');
  });
}

/** A file name from the SSID with the characters file systems refuse replaced. */
export function posterFileName(ssid: string): string {
  const safe = ssid.replace(/[\\/:*?"<>|]/g, '_').trim();
  return `wifi-${safe || 'code'}.png`;
}

/** Draws the poster and downloads it as a PNG; resolves once the download was started. */
export async function savePoster(matrix: QrMatrix, text: PosterText, fileName: string): Promise<void> {
  const canvas = document.createElement('canvas');
  drawPoster(canvas, matrix, text);
  const blob = await toPng(canvas);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the object URL goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
