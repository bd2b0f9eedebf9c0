/** Money display (SCREENS §0): API yuan strings shown as ¥29.90. */
export function formatYuan(money: string | number): string {
  const value = typeof money === 'number' ? money.toFixed(2) : money;
  return `¥${value}`;
}

/** Flow in MB shown as GB with 2 decimals from 1024 MB (SCREENS §0). */
export function formatFlow(mb: number): string {
  return mb >= 1024 ? `${(mb / 1024).toFixed(2)}GB` : `${Number(mb.toFixed(2))}MB`;
}
