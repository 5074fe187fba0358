// Baseline servers for the API benchmark, as a child process like our API: BASELINE=hello answers a small JSON
// object; BASELINE=select1 answers the row of `SELECT 1` through a pg pool of POOL_MAX (10) connections. Env: PORT.
import { createServer } from 'node:http';
import Koa from 'koa';
import pg from 'pg';

const app = new Koa();
if (process.env.BASELINE === 'select1') {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX ?? 10) });
  app.use(async (ctx) => {
    const { rows } = await pool.query<{ one: number }>('SELECT 1 AS one');
    ctx.body = { ok: true, one: rows[0]!.one };
  });
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
