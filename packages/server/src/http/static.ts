/**
 * Serves the built app under /shop/ (hashed assets cached immutable, pre-compressed .br/.gz) and the
 * region files under /provinces/.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REGION_CACHE = 'public, max-age=604800';

/**
 * The app's Content Security Policy (docs/design.md "Security headers and abuse proofs"). Scripts only from this origin (the
 * build has no inline script); styles also inline, because antd-mobile and the sanitised rich text set
 * style attributes; images and media from anywhere the operator configures (CDNs, data/blob previews);
 * the webview page (/pages/webview/index) frames any http(s) site; the app itself is framed only by itself.
 */
export const SHOP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
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

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  if (!existsSync(join(webDist, 'index.html'))) {
    app.log.warn({ webDist }, 'web app not built; /shop/ is not served');
    return;
  }
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/shop/',
    preCompressed: true,
    redirect: true,
    index: ['index.html'],
    setHeaders(res, filePath) {
      if (/[\\/]assets[\\/]/.test(filePath)) res.header('cache-control', IMMUTABLE);
      else if (/[\\/]provinces[\\/]/.test(filePath)) res.header('cache-control', REGION_CACHE);
      else if (filePath.endsWith('.html')) res.header('cache-control', 'no-cache');
      else res.header('cache-control', 'public, max-age=3600');
      res.header('x-content-type-options', 'nosniff');
      res.header('content-security-policy', SHOP_CSP);
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
