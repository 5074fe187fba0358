// Baseline servers for the API benchmark, as a child process like our API, each as the framework's documentation
// sets it up: BASELINE=framework is Koa + @koa/router + koa-body, answering POST /api/telegram/validate with the
// parsed JSON body read and BASELINE_ANSWER (our route's answer, taken from our API) sent back; BASELINE=select1 is
// Koa + @koa/router answering GET /api/profile/me with the row of `SELECT 1` through a pg pool of POOL_MAX (10)
// connections; BASELINE=hello is bare Koa answering a small JSON object to any call. Env: PORT.
import { createServer } from 'node:http';
import Router from '@koa/router';
import Koa from 'koa';
import { koaBody } from 'koa-body';
import pg from 'pg';

const app = new Koa();
if (process.env.BASELINE === 'select1') {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
  const router = new Router({ prefix: '/api' });
  router.get('/profile/me', async (ctx) => {
    const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
    ctx.body = { ok: true, one: rows[0]!.one };
  });
  app.use(router.routes());
} else if (process.env.BASELINE === 'framework') {
  const answer: unknown = JSON.parse(process.env.BASELINE_ANSWER ?? '{"ok":true}');
  const router = new Router({ prefix: '/api' });
  router.post('/telegram/validate', (ctx) => {
    if (typeof ctx.request.body !== 'object') ctx.throw(400);
    ctx.body = answer;
  });
  app.use(koaBody());
  app.use(router.routes());
} else {
  app.use((ctx) => {
    ctx.body = { ok: true, hello: 'world' };
  });
}
const server = createServer(app.callback()).listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`READY http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.once('SIGTERM', () => process.exit(0));
process.once('SIGINT', () => process.exit(0));
