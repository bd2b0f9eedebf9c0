/** A QR code of `text` as crisp SVG (module units, quiet zone included), scaled by CSS. */
import { useMemo } from 'react';
import { QUIET_ZONE, qrMatrix, qrPath } from '../qr';

export function WifiQr({ text, testId = 'wifi-qr', label }: { text: string; testId?: string; label: string }) {
  const { size, path } = useMemo(() => {
    const matrix = qrMatrix(text);
    return { size: matrix.size + QUIET_ZONE * 2, path: qrPath(matrix) };
  }, [text]);
  return (
    <svg
      className="wifi-qr"
      data-testid={testId}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
