/** Money is integer fen inside and a yuan string with two decimals at the API (ARCHITECTURE.md "Units"). */

export const MONEY_RE = /^-?\d+\.\d{2}$/;

export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(fen));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function yuanToFen(yuan: string): number {
  if (!MONEY_RE.test(yuan) && !/^-?\d+(\.\d{1,2})?$/.test(yuan)) throw new Error(`not a money value: ${yuan}`);
  const negative = yuan.startsWith('-');
  const [whole = '0', frac = ''] = yuan.replace('-', '').split('.');
  const fen = Number(whole) * 100 + Number(frac.padEnd(2, '0'));
  return negative ? -fen : fen;
}
