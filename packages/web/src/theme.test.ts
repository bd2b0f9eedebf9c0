/**
 * Colours come from the theme (theme.css) and nowhere else: a hard-coded colour in a stylesheet or a
 * component would not follow a theme change. The scan reads the web sources as text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;
const THEME = 'theme.css';

/** Drawing data, not theme: a QR code is black modules on white for every scanner, whatever the shop's colours. */
/** Nor is a payment provider's mark: WeChat Pay's green and Alipay's blue are theirs, not the shop's. */
const EXEMPT = new Set([
  'features/wifi/qr.ts',
  'features/wifi/components/wifi-qr.tsx',
  'components/pay-type-icon.tsx',
  'components/pay-type-icon.css',
]);

/** CSS's named colours (CSS Color 4), but the keywords that are not a colour of their own. */
const NAMED = new Set(
  `aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood
  cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray
  darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen
  darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue
  firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew
  hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan
  lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray
  lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue
  mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred
  midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid
  palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple
  rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue
  slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white
  whitesmoke yellow yellowgreen`.split(/\s+/),
);

const HEX = /#[0-9a-f]{3,8}\b/i;
const COLOUR_FUNCTION = /\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(/i;
/** A colour literal inside a string of a script: '#1677ff', "rgba(0, 0, 0, .5)". */
const SCRIPT_COLOUR = /['"`]\s*(?:#[0-9a-f]{3,8}|(?:rgba?|hsla?)\([^'"`]*\))\s*['"`]/i;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sources(path);
    return /\.(css|tsx?)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Each line of a stylesheet that writes a colour, comments left out. */
function colourLinesOfCss(css: string): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return text.split('\n').flatMap((line, index) => {
    const values = [...line.matchAll(/(?:^|[{;])\s*-*[a-z][a-z-]*\s*:([^;{}]*)/gi)].map((m) => m[1] ?? '');
    const writesColour = values.some(
      (value) =>
        HEX.test(value) ||
        COLOUR_FUNCTION.test(value) ||
        (value.toLowerCase().match(/[a-z-]+/g) ?? []).some((word) => NAMED.has(word)),
    );
    return writesColour ? [`${index + 1}: ${line.trim()}`] : [];
  });
}

function colourLinesOfScript(code: string): string[] {
  return code.split('\n').flatMap((line, index) => (SCRIPT_COLOUR.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

const files = sources(SRC).map((path) => ({ name: relative(SRC, path), text: readFileSync(path, 'utf8') }));

describe('theme tokens', () => {
  it('the scan sees a colour in each way one is written', () => {
    expect(colourLinesOfCss('.a {\n  color: #07c160;\n}')).toEqual(['2: color: #07c160;']);
    expect(colourLinesOfCss('.a { box-shadow: 0 1px 2px rgba(0, 0, 0, 0.1); }')).toHaveLength(1);
    expect(colourLinesOfCss('.a { border: 1px solid white; }')).toHaveLength(1);
    expect(colourLinesOfCss('.a { white-space: nowrap; color: var(--adm-color-text); }')).toEqual([]);
    expect(colourLinesOfCss('/* #fff */ .a { background: transparent; }')).toEqual([]);
    expect(colourLinesOfScript("const c = '#1677ff';")).toHaveLength(1);
    expect(colourLinesOfScript("style={{ color: 'rgba(0, 0, 0, 0.5)' }}")).toHaveLength(1);
    expect(colourLinesOfScript("const c = 'var(--hk-color-info)'; // #1")).toEqual([]);
  });

  it('no stylesheet or component but the theme writes a colour', () => {
    const found = files
      .filter((file) => file.name !== THEME && !EXEMPT.has(file.name))
      .flatMap((file) =>
        (file.name.endsWith('.css') ? colourLinesOfCss(file.text) : colourLinesOfScript(file.text)).map(
          (line) => `${file.name}:${line}`,
        ),
      );
    expect(found).toEqual([]);
  });

  it('every shop token used is defined in the theme', () => {
    const theme = files.find((file) => file.name === THEME)?.text ?? '';
    const defined = new Set([...theme.matchAll(/(--hk-[a-z0-9-]+)\s*:/g)].map((m) => m[1]));
    const used = new Set(
      files.flatMap((file) => [...file.text.matchAll(/(?:var\(|themeToken\(')(--hk-[a-z0-9-]+)/g)].map((m) => m[1])),
    );
    expect([...used].filter((token) => !defined.has(token))).toEqual([]);
  });
});
