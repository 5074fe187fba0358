import { createServer } from 'node:http';
import Koa from 'koa';
import type { Logger } from '../../platform/logger';
import { AppError, MESSAGES } from '../../contracts/errors';
import { errorHandler } from '../middleware/errors';
import { httpMetrics } from '../middleware/http-metrics';
import { securityHeaders } from '../middleware/security-headers';
import { createOpsRouter, type OpsDeps } from './ops.routes';

export interface RunningOpsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * The HTTP listener of a process without the API (ROLE=bot): /healthz, /readyz and /metrics only, on `port`, so a
 * process manager or Prometheus probes every role the same way. Anything else is 404.
 */
export async function startOpsServer(deps: OpsDeps & { port: number; host: string; logger: Logger }): Promise<RunningOpsServer> {
  const app = new Koa();
  if (deps.metrics.registry) app.use(httpMetrics(deps.metrics));
  app.use(securityHeaders());
  app.use(errorHandler(deps.logger));
  app.use(createOpsRouter(deps).routes());
  app.use(() => Promise.reject(new AppError('NOT_FOUND', MESSAGES.notFound)));
  const server = createServer(app.callback());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(deps.port, deps.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : deps.port;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
