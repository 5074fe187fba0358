import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';
import type { AppConfig } from '../contracts/app-config';
import { createNonce, setPageSecurityHeaders, type PageSecurityOptions } from './page-security';
import { staticFileBody } from './precompressed';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

const RESERVED = ['/api/', '/ws/', '/cdn/', '/dev'];

async function fileAt(root: string, urlPath: string): Promise<string | null> {
  const resolved = path.resolve(root, `.${decodeURIComponent(urlPath)}`);
  if (!resolved.startsWith(root + path.sep)) return null;
  const info = await stat(resolved).catch(() => null);
  return info?.isFile() ? resolved : null;
}

function withAppConfig(html: string, config: AppConfig, nonce: string): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  return (
    html
      // The page's own start-up script (webapp/boot, inlined by the build) runs under the same nonce.
      .replace('<script data-boot>', `<script nonce="${nonce}" data-boot>`)
      .replace('</head>', `<script nonce="${nonce}">window.__APP_CONFIG__=${json}</script></head>`)
      .replace(/<title>[^<]*<\/title>/, `<title>${config.productName.replace(/[<&]/g, '')}</title>`)
  );
}

/** Serves the built mini app; any other GET falls back to index.html so client routes work on reload. */
export function serveWebapp(dir: string, config: AppConfig, security: PageSecurityOptions): Middleware {
  const root = path.resolve(dir);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || RESERVED.some((p) => ctx.path.startsWith(p))) return next();
    let file = ctx.path === '/' ? null : await fileAt(root, ctx.path).catch(() => null);
    const hashed = file !== null && ctx.path.startsWith('/assets/');
    if (!file) {
      if (path.extname(ctx.path)) return next();
      file = await fileAt(root, '/index.html');
      if (!file) return next();
    }
    ctx.type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    ctx.set('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (!file.endsWith('.html')) return void (ctx.body = await staticFileBody(ctx, file));
    // A nonce per answer: the page's own inline scripts (config, start-up) run, nothing injected into the page would.
    const nonce = createNonce();
    setPageSecurityHeaders(ctx, nonce, security);
    ctx.body = withAppConfig(await readFile(file, 'utf8'), config, nonce);
  };
}
