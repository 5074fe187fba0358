// A server under the capacity benchmarks, as a child process run as `npm start` runs the API (scripts/start.mjs):
// SERVER=api is our API (scripts/chat-load/load-api.ts, env as there); SERVER=ws is a bare `ws` server on its
// documented defaults that echoes every text message back (the baseline). Started with --expose-gc, it answers each
// `mem` line on stdin with `MEM <rss> <heapUsed>` in bytes after two full collections.
import { createInterface } from 'node:readline';
import { WebSocketServer } from 'ws';
import { startLoadApi } from '../chat-load/load-api';

async function start(): Promise<string> {
  if (process.env.SERVER === 'api') return (await startLoadApi()).url;
  const wss = new WebSocketServer({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  wss.on('connection', (ws) => ws.on('message', (raw, isBinary) => ws.send(raw, { binary: isBinary })));
  await new Promise((resolve) => wss.once('listening', resolve));
  return `http://127.0.0.1:${(wss.address() as { port: number }).port}`;
}

const url = await start();
const gc = (globalThis as { gc?: () => void }).gc;
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() !== 'mem') return;
  gc?.();
  gc?.();
  const { rss, heapUsed } = process.memoryUsage();
  process.stdout.write(`MEM ${rss} ${heapUsed}\n`);
});
process.stdout.write(`READY ${url}\n`);
process.once('SIGTERM', () => process.exit(0));
process.once('SIGINT', () => process.exit(0));
