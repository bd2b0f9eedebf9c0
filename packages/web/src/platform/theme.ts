/**
 * The theme's tokens (theme.css) for what draws with colour values instead of CSS: canvases and charts.
 * Empty where no stylesheet is loaded (the unit tests' DOM); a canvas ignores an empty fill.
 */
export function themeToken(name: `--${string}`): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}
