/**
 * Small helpers of the build's source transforms (antd-per-component.ts, contract-routes.ts,
 * contract-pure.ts, locale-split.ts): the plugin around a rewrite, walking an ESTree program and removing
 * properties from object literals, commas included.
 */
import type { Plugin } from 'vite';

export interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
}

/** Calls `visit` on every node of the tree, parents before children; `false` from `visit` skips the children. */
export function walk(node: unknown, visit: (node: Node) => undefined | false): void {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!isNode(node)) return;
  if (visit(node) === false) return;
  for (const [key, value] of Object.entries(node)) {
    if (key !== 'type' && typeof value === 'object') walk(value, visit);
  }
}

/** A plain property's name (`a:` or `'a':`); null for a spread, a method or a computed key. */
export function keyName(property: Node): string | null {
  const key = property.key as Node | undefined;
  if (property.type !== 'Property' || property.computed || !key) return null;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal' && typeof key.value === 'string') return key.value;
  return null;
}

/**
 * The source range that removes the `index`th property of an object literal: up to the next property,
 * or, for the last one, up to the closing brace, so its commas go with it and the property before it
 * keeps a (valid) trailing comma.
 */
export function propertyCut(object: Node, index: number): [number, number] {
  const properties = object.properties as Node[];
  const property = properties[index] as Node;
  const next = properties[index + 1];
  return [property.start, next ? next.start : object.end - 1];
}

/** The code without the given ranges (they may overlap). */
export function cut(code: string, ranges: [number, number][]): string {
  let out = '';
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    if (start > at) out += code.slice(at, start);
    at = Math.max(at, end);
  }
  return out + code.slice(at);
}

/**
 * A build-only plugin that rewrites modules after the TypeScript transform (the code is plain JavaScript,
 * type-only names gone): `rewrite` answers the new code, or null to leave a module as it is.
 */
export function sourceTransform(name: string, rewrite: (code: string, id: string) => string | null): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      const out = rewrite(code, id);
      return out === null || out === code ? null : { code: out, map: null };
    },
  };
}
