// Node flags the server runs with: package.json's `start` script passes them (tests/bot/start-script.test.ts
// checks), and the benchmarks' API process gets them too (scripts/chat-load/api-process.ts), so its figures are
// production's.
//
// None today. `--max-semi-space-size=2` was here to keep photo uploads from triggering major GCs, but their cause
// was the upload's JS buffers (gone since uploads are read by path); and with 32 connections in flight the small
// young generation promoted each request's short-lived objects, so a cached call took 51–64 µs of CPU instead of
// 37–41 µs (POST /api/telegram/validate, API pinned to one CPU). Without it the upload row's p99 ratio was
// 1.55, 1.28, 1.43, 1.20× (1.41× with it, same hour); since image encodes run at nice 10 (db/media/image-codec.ts)
// it is 0.97–1.29×.
export const SERVER_NODE_FLAGS: string[] = [];
