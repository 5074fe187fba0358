// A fake Telegram Bot API on its own, to rehearse a production start without Telegram (docs/operations.md, "Going live"):
//   npx tsx scripts/fake-telegram.ts [port]        (default 8081; FAKE_TELEGRAM_HOST, default 127.0.0.1)
// then start the product with TELEGRAM_API_ROOT=http://127.0.0.1:8081 and any well-formed BOT_TOKEN. It answers every
// token, keeps what the bot sends in memory, and prints each Bot API call the bot makes.
import { startFakeTelegram } from '../bot/dev/fake-telegram';

const port = Number(process.argv[2] ?? process.env.FAKE_TELEGRAM_PORT ?? 8081);
const telegram = await startFakeTelegram({ port, host: process.env.FAKE_TELEGRAM_HOST ?? '127.0.0.1' });
let seen = 0;
telegram.onChange(() => {
  for (const call of telegram.calls.slice(seen)) if (call.method !== 'getUpdates') console.log(`bot called ${call.method}`);
  seen = telegram.calls.length;
});
console.log(`fake Bot API at ${telegram.url} (Ctrl-C stops it)`);
const stop = () => void telegram.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
