// Chat fan-out and persisted delivery (see scripts/chat-load/chat-bench.ts); exit 1 on any FAIL.
import { runChatBench } from './chat-load/chat-bench';

const rows = await runChatBench();
if (rows.some((r) => !r.pass)) process.exitCode = 1;
