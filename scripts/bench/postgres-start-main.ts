// Start-up baseline: this Node with tsx, starting the embedded PostgreSQL on DATA_DIR/postgres (as `npm start` does) and nothing else.
import path from 'node:path';
import { startEmbeddedPostgres } from '../../platform/postgres/embedded-postgres';

const server = await startEmbeddedPostgres({
  dataDir: path.join(process.env.DATA_DIR!, 'postgres'),
  persistent: true,
  ownProcessGroup: true,
});
process.stdout.write('READY\n');
const stop = () => void server.stop().finally(() => process.exit(0));
process.once('SIGTERM', stop).once('SIGINT', stop);
