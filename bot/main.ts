import { ConfigError, loadConfig } from './config';
import { EmbeddedPostgresAccessError } from '../platform/postgres/embedded-postgres';
import { startApplication } from './application';
import { WebappBuildMissingError } from './webapp-build';

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  // Shutdown is ours and ordered (the embedded PostgreSQL last, in a process group of its own so that a terminal's
  // Ctrl-C reaches only us); a signal during start-up waits for it to finish.
  const starting = startApplication(config, { databaseInOwnProcessGroup: true });
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    // A second signal does not wait (the embedded PostgreSQL is still stopped as we exit).
    if (stopping) return process.exit(1);
    stopping = true;
    void starting.then(
      async (app) => {
        app.logger.info('shutting down', { signal });
        await app.stop();
        app.logger.info('stopped');
        process.exit(0);
      },
      () => undefined,
    );
  };
  for (const signal of SIGNALS) process.on(signal, () => shutdown(signal));

  const app = await starting;
  if (stopping) return;
  console.log(
    app.url
      ? `${config.productName} is ready (${config.mode} mode, role ${config.role}): open ${app.openUrl}`
      : `${config.productName} is ready (role ${config.role}: bot and jobs; health at ${app.healthUrl}/healthz)`,
  );
}

main().catch((err: unknown) => {
  // A cause the operator can fix is told in plain words, without a stack.
  if (err instanceof EmbeddedPostgresAccessError || err instanceof WebappBuildMissingError)
    console.error(`Start-up failed.\n${err.message}`);
  else console.error('Start-up failed:', err);
  process.exit(1);
});
