import { ConfigError, loadConfig } from './config';
import { startApplication } from './application';

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
  const app = await startApplication(config);
  console.log(app.url ? `${config.productName} is ready (${config.mode} mode, role ${config.role}): open ${app.openUrl}` : `${config.productName} is ready (role ${config.role}: bot and jobs)`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.logger.info('shutting down', { signal });
    void app.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error('Start-up failed:', err);
  process.exit(1);
});
