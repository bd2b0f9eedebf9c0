import { rolldown } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { annotatePure } from './contract-pure';

const P = '/*#__PURE__*/ ';

describe('annotatePure', () => {
  it('annotates each call of a top-level const, chains once, arguments too', () => {
    const code = [
      'export const a = z.object({ x: z.string().regex(/a/) });',
      'const b = a.nullable().optional();',
      'export const c = pageOf(b), d = 1;',
    ].join('\n');
    expect(annotatePure(code)).toBe(
      [
        `export const a = ${P}z.object({ x: ${P}z.string().regex(/a/) });`,
        `const b = ${P}a.nullable().optional();`,
        `export const c = ${P}pageOf(b), d = 1;`,
      ].join('\n'),
    );
  });

  it('leaves functions, top-level statements, let and modules without calls alone', () => {
    const code = [
      'export const r = z.string().refine((s) => check(s), { error: issue() });',
      'register(r);',
      'let l = make();',
      'export function f() { return make(); }',
    ].join('\n');
    expect(annotatePure(code)).toBe(
      [
        `export const r = ${P}z.string().refine((s) => check(s), { error: ${P}issue() });`,
        'register(r);',
        'let l = make();',
        'export function f() { return make(); }',
      ].join('\n'),
    );
    expect(annotatePure("export const A = 1;\nexport const B = 'b';")).toBeNull();
  });

  it('lets the bundler drop a schema nobody reads, and zod with it', async () => {
    const schemas = [
      "import { z } from 'zod';",
      'export const appUpdate = z.object({ url: z.string() });',
      'export const genericConfig = z.object({ appUpdate: appUpdate.nullable() });',
      'export const LIMIT = 10;',
    ].join('\n');
    const bundle = async (source: string) => {
      const build = await rolldown({
        input: 'entry',
        logLevel: 'silent',
        treeshake: { manualPureFunctions: ['z'] },
        plugins: [
          {
            name: 'virtual',
            resolveId: (id) => (id === 'entry' || id === './schemas' ? id : null),
            load: (id) =>
              id === 'entry'
                ? "import { LIMIT } from './schemas';\nconsole.log(LIMIT);"
                : id === './schemas'
                  ? source
                  : null,
          },
        ],
      });
      const { output } = await build.generate({ minify: true });
      return output[0].code.length;
    };
    expect(await bundle(schemas)).toBeGreaterThan(10_000);
    expect(await bundle(annotatePure(schemas) ?? '')).toBeLessThan(100);
  });
});
