import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Context, Middleware } from 'koa';
import send from 'koa-send';
import type { AppConfig } from '../contracts/app-config';
import { createNonce, setPageSecurityHeaders, type PageSecurityOptions } from './page-security';

const RESERVED = ['/api/', '/ws/', '/cdn/', '/dev'];
const PAGE = 'index.html';
/** What koa-send refuses a path with: 400 (undecodable), 403 (outside the root), 404 (no such file); none is served. */
const NOT_SERVED = new Set([400, 403, 404]);

function withAppConfig(html: string, config: AppConfig, nonce: string): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const configScript = `<script nonce="${nonce}">window.__APP_CONFIG__=${json}</script>`;
  const boot = '<script data-boot>';
  // Ahead of the stylesheet: a classic script after a stylesheet's link holds the page's parsing until the sheet is in.
  // The page's own start-up script (webapp/boot, inlined by the build) runs under the same nonce, right after it.
  // (Replacer functions: a `$&` in the configuration's text is text, not a replacement pattern.)
  const withConfig = html.includes(boot)
    ? html.replace(boot, () => `${configScript}<script nonce="${nonce}" data-boot>`)
    : html.replace('</head>', () => `${configScript}</head>`);
  return withConfig.replace(/<title>[^<]*<\/title>/, () => `<title>${config.productName.replace(/[<&]/g, '')}</title>`);
}

/**
 * A file of the build through koa-send: its precompressed copy (.br, .gz, written by scripts/precompress.ts) when the
 * client accepts one, typed by its name, hashed assets (/assets/) cached for a year, the rest revalidated. False when
 * there is no such file under `root` (a path outside it included).
 */
async function sentFile(ctx: Context, root: string): Promise<boolean> {
  const hashed = ctx.path.startsWith('/assets/');
  try {
    const sent = await send(ctx, ctx.path, {
      root,
      index: false,
      brotli: true,
      gzip: true,
      setHeaders: (res) => res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache'),
    });
    return sent !== undefined;
  } catch (err) {
    if (NOT_SERVED.has((err as { status?: number }).status ?? 500)) return false;
    throw err;
  }
}

/** Serves the built mini app; any other GET without a file extension gets index.html, so client routes work on reload. */
export function serveWebapp(dir: string, config: AppConfig, security: PageSecurityOptions): Middleware {
  const root = path.resolve(dir);
  const page = path.join(root, PAGE);
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || RESERVED.some((p) => ctx.path.startsWith(p))) return next();
    const extension = path.extname(ctx.path);
    // The page itself carries the configuration and a nonce: built per answer, never sent as a file.
    if (extension !== '' && extension !== '.html' && (await sentFile(ctx, root))) return;
    if (extension !== '' && ctx.path !== `/${PAGE}`) return next();
    const html = await readFile(page, 'utf8').catch(() => null);
    if (html === null) return next();
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    // A nonce per answer: the page's own inline scripts (config, start-up) run, nothing injected into the page would.
    const nonce = createNonce();
    setPageSecurityHeaders(ctx, nonce, security);
    ctx.body = withAppConfig(html, config, nonce);
  };
}
