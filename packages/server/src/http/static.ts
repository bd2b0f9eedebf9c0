/**
 * Serves the built app under /shop/ (hashed assets cached immutable, pre-compressed .br/.gz), the region
 * files under /provinces/ and the staff console's own build under /admin/.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REGION_CACHE = 'public, max-age=604800';
/**
 * Asked again on every visit (revalidated, a 304 when unchanged): the page, the service worker script
 * (/shop/sw.js, ADR 0024: a new deploy's worker must be seen at once, whatever the browser's own 24-hour
 * cap) and a web manifest.
 */
const REVALIDATED = /(\.html|[\\/]sw\.js|\.webmanifest)$/;

/**
 * The app's Content Security Policy (docs/design.md "Security headers and abuse proofs"). Scripts only
 * from this origin, and the two inline scripts the build writes into index.html (the boot script that
 * starts the first requests, ADR 0025, and the one that shows the prerendered first view), each allowed
 * by its hash; styles also inline (the first view's rules are an inline style sheet), because antd-mobile
 * and the sanitised rich text set style attributes; images and media from anywhere the operator
 * configures (CDNs, data/blob previews); the webview page (/pages/webview/index) frames any http(s)
 * site; the app itself is framed only by itself.
 */
export function shopCsp(scriptHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'${hash}'`)].join(' '),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https: http:",
    "media-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    "connect-src 'self'",
    'frame-src https: http:',
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * The CSP hash sources (`sha256-…`) of a page's inline scripts, each exactly as written between its
 * tags. Read once when the server starts: a build replaced under a running server keeps its old hash
 * until the restart, and its boot script is refused (the app then asks for its first data itself).
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '') || !match[2]) continue;
    hashes.push(`sha256-${createHash('sha256').update(match[2], 'utf8').digest('base64')}`);
  }
  return hashes;
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built; /shop/ is not served');
    return;
  }
  const csp = shopCsp(inlineScriptHashes(readFileSync(join(webDist, 'index.html'), 'utf8')));
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/shop/',
    preCompressed: true,
    redirect: true,
    index: ['index.html'],
    setHeaders(res, filePath) {
      // The path is the file sent: a pre-compressed copy (.br, .gz) is cached as its original.
      const file = filePath.replace(/\.(br|gz)$/, '');
      if (/[\\/]assets[\\/]/.test(file)) res.header('cache-control', IMMUTABLE);
      else if (/[\\/]provinces[\\/]/.test(file)) res.header('cache-control', REGION_CACHE);
      else if (REVALIDATED.test(file)) res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=3600');
      res.header('x-content-type-options', 'nosniff');
      res.header('content-security-policy', csp);
      res.header('x-frame-options', 'SAMEORIGIN');
      res.header('referrer-policy', 'strict-origin-when-cross-origin');
    },
  });
  const provinces = join(webDist, 'provinces');
  if (existsSync(provinces)) {
    await app.register(fastifyStatic, {
      root: provinces,
      prefix: '/provinces/',
      decorateReply: false,
      preCompressed: true,
      setHeaders(res) {
        res.header('cache-control', REGION_CACHE);
        res.header('access-control-allow-origin', '*');
      },
    });
  }
  app.get('/', (_req, reply) => reply.redirect('/shop/'));
}

/**
 * The staff console's Content Security Policy: scripts only from this origin (its build has no inline
 * script), styles also inline (antd writes its CSS-in-JS into style elements), images from this origin
 * (uploaded images under /media/, the signed ID-photo links), data URLs (the TOTP QR code) and https (an
 * image URL pasted for a banner or logo shows its thumbnail); calls to this origin only; frames only of
 * this origin (the content pages preview the shop at /shop/); never framed itself.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/** Serves the built staff console under /admin/ (its own Vite entry, never part of the shop's bundle). */
export async function registerAdminApp(app: FastifyInstance, adminDist: string): Promise<void> {
  if (!existsSync(join(adminDist, 'index.html'))) {
    app.log.warn({ adminDist }, 'staff console not built; /admin/ is not served');
    return;
  }
  await app.register(fastifyStatic, {
    root: adminDist,
    prefix: '/admin/',
    decorateReply: false,
    preCompressed: true,
    redirect: true,
    index: ['index.html'],
    setHeaders(res, filePath) {
      if (/[\\/]assets[\\/]/.test(filePath)) res.header('cache-control', IMMUTABLE);
      else res.header('cache-control', 'no-cache');
      res.header('x-content-type-options', 'nosniff');
      res.header('content-security-policy', ADMIN_CSP);
      res.header('x-frame-options', 'DENY');
      res.header('referrer-policy', 'same-origin');
      res.header('x-robots-tag', 'noindex');
    },
  });
  app.get('/admin', (_req, reply) => reply.redirect('/admin/'));
}
