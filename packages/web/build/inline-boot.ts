/**
 * Inlines the boot script (src/platform/first-requests.ts `startFirstRequests`) into index.html's head,
 * minified, so the landing page's first requests start with the HTML instead of after the app's files
 * (issue 24 item 2, ADR 0025). The server allows exactly this script by its hash in the Content
 * Security Policy (server http/static.ts), so the page still runs no other inline script.
 */
import { fileURLToPath } from 'node:url';
import { rolldown } from 'rolldown';
import type { Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('../src/platform/first-requests.ts', import.meta.url));
const ENTRY = '\0haoka-inline-entry';
/** The bound: the script is part of every page's HTML. */
export const BOOT_SCRIPT_LIMIT = 1024;

/**
 * A module's exported function as a self-contained, minified classic script that calls it: the function
 * and only what it uses. Throws when the script is larger than `limit` bytes (it is part of every page).
 */
export async function inlineScript(source: string, call: string, limit: number): Promise<string> {
  const bundle = await rolldown({
    input: ENTRY,
    platform: 'browser',
    resolve: { conditionNames: ['haoka-source', 'import', 'default'] },
    plugins: [
      {
        name: 'haoka-inline-entry',
        resolveId: (id) => (id === ENTRY ? ENTRY : null),
        load: (id) => (id === ENTRY ? `import { ${call} } from ${JSON.stringify(source)};\n${call}();\n` : null),
      },
    ],
  });
  try {
    const { output } = await bundle.generate({ format: 'iife', minify: true });
    const code = output[0].code.trim();
    const size = Buffer.byteLength(code);
    if (size > limit) throw new Error(`the inline script ${call} is ${size} bytes, over ${limit}`);
    return code;
  } finally {
    await bundle.close();
  }
}

/** The minified boot script: `startFirstRequests()` and only what it uses. */
export function bootScript(): Promise<string> {
  return inlineScript(SOURCE, 'startFirstRequests', BOOT_SCRIPT_LIMIT);
}

/**
 * After the title, before the app's script and stylesheet tags: a classic script after a stylesheet
 * waits for that stylesheet to load, and the charset and viewport must stay first in the head.
 */
export function inlineBoot(): Plugin {
  return {
    name: 'haoka-inline-boot',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes('</title>')) throw new Error('index.html has no <title> to put the boot script after');
        const script = await bootScript();
        return html.replace('</title>', () => `</title>\n    <script>${script}</script>`);
      },
    },
  };
}
