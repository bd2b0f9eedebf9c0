/**
 * The Node.js versions Haoka runs on (docs/decisions/0008-node-24-and-better-sqlite3-13.md): the 22 LTS
 * line from 22.14, and 24 or newer; 24 LTS is the one we recommend and test. better-sqlite3 13 is a
 * Node-API 10 addon, which Node 22 has from 22.14; on an older Node the first database it opens takes the
 * process down. The range is the root package.json's `engines.node` (a test keeps them equal).
 */
export const SUPPORTED_NODE = '^22.14.0 || >=24';

export function isSupportedNode(version: string): boolean {
  const [major = 0, minor = 0] = version.replace(/^v/, '').split('.').map(Number);
  return major >= 24 || (major === 22 && minor >= 14);
}

/** The one line to stop with on an unsupported Node, or undefined when `version` is supported. */
export function unsupportedNodeLine(version: string): string | undefined {
  if (isSupportedNode(version)) return undefined;
  return (
    `Haoka needs Node.js ${SUPPORTED_NODE} (24 LTS recommended) and this is Node.js ${version}: ` +
    'run it through npm (npm start, npm run cli), which uses the Node.js 24 that npm ci installs, ' +
    'or see docs/deploy.md.'
  );
}
