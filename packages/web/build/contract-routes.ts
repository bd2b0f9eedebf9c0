/**
 * The web's build sees each contract endpoint as its route only: `defineEndpoint({ method, path, input,
 * data, auth })` keeps method, path, auth and the other literal fields, and loses `input` and `data`, its
 * zod schemas. The web's request wrapper sends by method and path and never validates with the
 * declaration's schemas (the server validates requests; the API tests check answers), so the schemas,
 * and zod with them, stay off the shop's first screen (docs/performance.md). The types are untouched:
 * `EndpointInput` and `EndpointData` still type every call. The web tests import the contract as it is,
 * so the typed stub helper keeps validating stubs against the data schemas.
 *
 * A web module that needs a schema at run time imports it by name (e.g. `simInfo`), and gets it whole.
 */
import type { Plugin } from 'vite';
import { parseAst } from 'vite';
import { cut, keyName, type Node, propertyCut, sourceTransform, walk } from './object-literal';

/** The contract's endpoint declaration files (the declaration helper itself excluded). */
export const ENDPOINT_FILE = /\/packages\/contract\/src\/endpoints\/(?!define\.)[^/]+\.[jt]s$/;

/** The declaration fields the web leaves out. */
export const SCHEMA_FIELDS: ReadonlySet<string> = new Set(['input', 'data']);

/**
 * Removes `input` and `data` from every `defineEndpoint({...})` of one (type-stripped) module; null when
 * it declares none. Throws when a declaration is not an object literal or lacks a schema field, so a new
 * way of declaring fails the build instead of shipping schemas unseen.
 */
export function stripEndpointSchemas(code: string, id: string): string | null {
  if (!code.includes('defineEndpoint')) return null;
  const cuts: [number, number][] = [];
  walk(parseAst(code), (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee as Node;
    if (callee.type !== 'Identifier' || callee.name !== 'defineEndpoint') return;
    const [declaration] = node.arguments as Node[];
    if (declaration?.type !== 'ObjectExpression') {
      throw new Error(`${id}: defineEndpoint takes an object literal (at ${node.start})`);
    }
    const properties = declaration.properties as Node[];
    let found = 0;
    properties.forEach((property, index) => {
      const name = property.type === 'Property' ? keyName(property) : null;
      if (name === null || !SCHEMA_FIELDS.has(name)) return;
      found += 1;
      cuts.push(propertyCut(declaration, index));
    });
    if (found !== SCHEMA_FIELDS.size) {
      throw new Error(`${id}: a defineEndpoint at ${node.start} does not name input and data as plain fields`);
    }
  });
  return cuts.length === 0 ? null : cut(code, cuts);
}

export function contractRoutes(): Plugin {
  return sourceTransform('haoka:contract-routes', (code, id) =>
    ENDPOINT_FILE.test(id) ? stripEndpointSchemas(code, id) : null,
  );
}
