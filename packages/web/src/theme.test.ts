/**
 * Colours and spacing come from the theme (theme.css) and nowhere else: a hard-coded colour or gap in a
 * stylesheet or a component would not follow a theme change. The scan reads the web sources as text.
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

/**
 * Spacing off the scale, by rule (selector) and literal, each with its reason (theme.css's header).
 * The room a page leaves below its content for its fixed bottom bar is that bar's height.
 */
const SPACING_EXEMPT: Record<string, string[]> = {
  // Room for the card tab bar, the package's buy bar, the membership and payment bars.
  '.iot-page': ['72px'],
  '.pkg-details': ['72px'],
  '.member-page--bar': ['76px'],
  '.money-page, .money-page-wrap': ['88px'],
  '.money-logs': ['88px'],
  '.mall-page': ['88px'],
  '.cashier': ['88px'],
  '.numbers-detail': ['64px'],
  '.numbers-package': ['64px'],
  // The design's own values: the home's loading block, banners and the VIP promo, a SKU chip.
  '.home-loading': ['64px'],
  '.member-promo': ['18px'],
  '.mall-banner': ['18px'],
  '.rewards-hero': ['28px'],
  '.mall-sku__spec': ['5px'],
  // Centres the 10 px dot of a filled pay-password box.
  '.pay-kb__box--filled::after': ['-5px'],
};

const SPACING_PROPERTY = /^(?:padding|margin|gap|row-gap|column-gap)(?:-[a-z-]+)?$/;
/** A px length: a hairline (up to 3 px) stays literal, any other is a token. */
const PX = /(-?\d+(?:\.\d+)?)px\b/g;

/** Each spacing declaration of a stylesheet that writes a px length off the scale, comments left out. */
function spacingLinesOfCss(css: string, exemptions = SPACING_EXEMPT): string[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  return [...text.matchAll(/([^{}]*)\{([^{}]*)\}/g)].flatMap((rule) => {
    const selector = (rule[1] ?? '').trim().replace(/\s+/g, ' ');
    const exempt = exemptions[selector] ?? [];
    const bodyStart = (rule.index ?? 0) + (rule[1] ?? '').length + 1;
    return [...(rule[2] ?? '').matchAll(/([a-z-]+)\s*:([^;]*)/g)].flatMap((declaration) => {
      const [, property = '', value = ''] = declaration;
      if (!SPACING_PROPERTY.test(property)) return [];
      const off = [...value.matchAll(PX)].filter(
        ([literal, number]) => Math.abs(Number(number)) > 3 && !exempt.includes(literal),
      );
      if (off.length === 0) return [];
      const line = text.slice(0, bodyStart + (declaration.index ?? 0)).split('\n').length;
      return [`${line}: ${selector} { ${property}:${value.trimEnd()} }`];
    });
  });
}

/** A spacing written in a script's inline style: margin: '0 auto 12px', padding: 16. */
const SCRIPT_SPACING =
  /\b(?:padding|margin|gap|rowGap|columnGap)(?:Top|Right|Bottom|Left|Inline|Block)?\s*:\s*(?:['"`][^'"`]*?\b(?:[4-9]|\d{2,})px|[4-9]\b|\d{2,}\b)/;

function spacingLinesOfScript(code: string): string[] {
  return code.split('\n').flatMap((line, index) => (SCRIPT_SPACING.test(line) ? [`${index + 1}: ${line.trim()}`] : []));
}

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

  it('the scan sees a spacing off the scale in each way one is written', () => {
    expect(spacingLinesOfCss('.a {\n  padding: 12px;\n}')).toEqual(['2: .a { padding: 12px }']);
    expect(spacingLinesOfCss('.a { margin: 0 var(--hk-space-1) 7px; }')).toHaveLength(1);
    expect(spacingLinesOfCss('.a { gap: 10px; }')).toHaveLength(1);
    expect(spacingLinesOfCss('.a { padding: calc(8px + env(safe-area-inset-bottom)); }')).toHaveLength(1);
    expect(spacingLinesOfCss('@media (min-width: 600px) { .a { margin-top: -12px; } }')).toHaveLength(1);
    // The same literal is allowed only on the rule it is exempted for.
    expect(spacingLinesOfCss('.iot-page { padding-bottom: 72px; }')).toEqual([]);
    expect(spacingLinesOfCss('.other { padding-bottom: 72px; }')).toHaveLength(1);
    expect(
      spacingLinesOfCss(
        '.a { padding: 2px var(--hk-space-3); margin: 0 auto; gap: 0.35em; border: 4px solid; scroll-margin-top: 50px; }',
      ),
    ).toEqual([]);
    expect(spacingLinesOfCss('/* padding: 12px */ .a { margin: calc(-1 * var(--hk-space-5)); }')).toEqual([]);
    expect(spacingLinesOfScript("style={{ margin: '0 auto 12px' }}")).toHaveLength(1);
    expect(spacingLinesOfScript('style={{ paddingTop: 16 }}')).toHaveLength(1);
    expect(spacingLinesOfScript("style={{ padding: '0 var(--hk-space-7)', gap: 0 }}")).toEqual([]);
  });

  it('no stylesheet or component but the theme writes a spacing off the scale', () => {
    const found = files
      .filter((file) => file.name !== THEME)
      .flatMap((file) =>
        (file.name.endsWith('.css') ? spacingLinesOfCss(file.text) : spacingLinesOfScript(file.text)).map(
          (line) => `${file.name}:${line}`,
        ),
      );
    expect(found).toEqual([]);
  });

  it('every spacing exemption is still needed', () => {
    // Each exempted literal still sits on its rule: a stale entry would let the value come back unnoticed.
    const unexempted = files
      .filter((file) => file.name.endsWith('.css') && file.name !== THEME)
      .flatMap((file) => spacingLinesOfCss(file.text, {}));
    const stale = Object.entries(SPACING_EXEMPT).flatMap(([selector, literals]) =>
      literals
        .filter((literal) => !unexempted.some((line) => line.includes(`: ${selector} {`) && line.includes(literal)))
        .map((literal) => `${selector} ${literal}`),
    );
    expect(stale).toEqual([]);
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
