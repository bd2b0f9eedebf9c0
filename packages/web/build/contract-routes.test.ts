import { describe, expect, it } from 'vitest';
import { ENDPOINT_FILE, stripEndpointSchemas } from './contract-routes';

describe("the web's view of the contract's endpoints", () => {
  it('keeps method, path and the other fields, and drops input and data with their commas', () => {
    const code = [
      "import { z } from 'zod';",
      'export const promoCode = z.string().max(32);',
      'export const getBaseConfig = defineEndpoint({',
      "  method: 'GET',",
      "  path: '/api/hk/baseConfig',",
      '  input: z.object({ promoCode: promoCode.optional() }),',
      '  data: baseConfig,',
      "  auth: 'none',",
      '});',
      "export const last = defineEndpoint({ method: 'POST', path: '/x', auth: 'card', module: 'm', input: z.object({}), data: z.null() });",
    ].join('\n');
    const out = stripEndpointSchemas(code, 'shop.ts') ?? '';
    expect(out).toContain("method: 'GET',\n  path: '/api/hk/baseConfig',\n  auth: 'none',\n});");
    expect(out).toMatch(/defineEndpoint\(\{ method: 'POST', path: '\/x', auth: 'card', module: 'm',\s*\}\)/);
    expect(out).not.toMatch(/input:|data:/);
    // Everything else of the module stays as it was.
    expect(out).toContain('export const promoCode = z.string().max(32);');
  });

  it('leaves a module without declarations alone', () => {
    expect(stripEndpointSchemas('export const a = z.string();', 'x.ts')).toBeNull();
  });

  it('fails the build on a declaration it cannot read', () => {
    expect(() => stripEndpointSchemas('export const e = defineEndpoint(declaration);', 'x.ts')).toThrow(
      /object literal/,
    );
    expect(() =>
      stripEndpointSchemas("export const e = defineEndpoint({ method: 'GET', path: '/x', ...schemas });", 'x.ts'),
    ).toThrow(/input and data/);
  });

  it('applies to the endpoint files, not to the declaration helper or the schemas', () => {
    expect(ENDPOINT_FILE.test('/w/packages/contract/src/endpoints/shop.ts')).toBe(true);
    expect(ENDPOINT_FILE.test('/w/packages/contract/src/endpoints/define.ts')).toBe(false);
    expect(ENDPOINT_FILE.test('/w/packages/contract/src/schemas/site.ts')).toBe(false);
  });
});
