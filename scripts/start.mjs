// `npm start`: builds the server bundle when it is stale (scripts/build-server.mjs) and runs it, rather than loading the
// app's few hundred modules through tsx's per-module hooks (the start-up row of `npm run bench` shows the difference).
// Plain JavaScript so it runs without tsx.
// `node scripts/start.mjs <entry.ts>` runs another entry the same way (the benchmarks' API process: its figures are
// the bundle's, as production runs it, not tsx's).
import { pathToFileURL } from 'node:url';
import { buildServer } from './build-server.mjs';

const { out } = await buildServer(process.argv[2]);
process.setSourceMapsEnabled(true);
await import(pathToFileURL(out).href);
