/**
 * The web's build reads the contract's module-level declarations as pure: each call in the initializer of
 * a top-level `const` (outside the functions it defines) gets a `#__PURE__` annotation, so a schema no
 * shop code uses is dropped, and zod's code with it when nothing else needs it.
 *
 * The bundler already treats calls rooted at `z` as pure (`manualPureFunctions: ['z']`), but not a method
 * call on a schema held by a name (`appUpdate.nullable()`, `money.optional()`, `base.extend({…})`) nor a
 * call of the contract's own helpers (`pageOf(item)`, `reasonIssue('…')`): one such call in a kept
 * module kept its declaration, and zod, on the first screen (docs/performance.md). The contract is
 * declared side-effect free (`"sideEffects": false`): dropping the initializer of a binding nobody reads
 * is what that already promises. Calls inside functions (a refinement's `ctx.addIssue`) and top-level
 * statements are left alone.
 */
import type { Plugin } from 'vite';
import { parseAst } from 'vite';
import { type Node, sourceTransform, walk } from './object-literal';

/** The contract's source files (the web's build reads them as source, `haoka-source`). */
export const CONTRACT_FILE = /\/packages\/contract\/src\/.+\.[jt]s$/;

const FUNCTIONS = new Set(['FunctionExpression', 'ArrowFunctionExpression', 'FunctionDeclaration', 'ClassExpression']);
const PURE = '/*#__PURE__*/ ';

/** The top-level `const` declarations (plain or exported) of a program. */
function topLevelConsts(program: Node): Node[] {
  const out: Node[] = [];
  for (const statement of program.body as Node[]) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as Node | null) : statement;
    if (declaration?.type === 'VariableDeclaration' && declaration.kind === 'const') out.push(declaration);
  }
  return out;
}

/**
 * Annotates the module-level calls of one (type-stripped) module; null when it has none. A chain
 * (`z.string().regex(…)`) starts where its first call starts: one annotation there covers it.
 */
export function annotatePure(code: string): string | null {
  const starts = new Set<number>();
  walk(topLevelConsts(parseAst(code) as unknown as Node), (node) => {
    if (FUNCTIONS.has(node.type)) return false;
    if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
    return undefined;
  });
  if (starts.size === 0) return null;
  let out = '';
  let at = 0;
  for (const start of [...starts].sort((a, b) => a - b)) {
    out += code.slice(at, start) + PURE;
    at = start;
  }
  return out + code.slice(at);
}

export function contractPure(): Plugin {
  return sourceTransform('haoka:contract-pure', (code, id) => (CONTRACT_FILE.test(id) ? annotatePure(code) : null));
}
