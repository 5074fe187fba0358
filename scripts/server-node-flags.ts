// Node flags the server runs with: package.json's `start` script passes them (tests/bot/start-script.test.ts
// checks), and the benchmarks' API process gets them too (scripts/chat-load/api-process.ts), so its figures are
// production's.
//
// --max-semi-space-size=2: while photos were uploaded (one a second) the API ran a major GC about once a second,
// each pausing requests 7–50 ms (--trace-incremental-marking: marking started by "task" and "allocation limit"
// with the old generation's limit about 12 MB above a 40 MB live heap, less than the young generation's default
// capacity), and its p99 went from 5–6 ms idle to 10–15 ms. With 2 MB semi-spaces no major GC ran in the upload
// benchmark and the p99 under uploads was 5.5–7.3 ms; the API's requests/s did not measurably change.
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2'];
