import { createLogger } from '../../platform/logger';
import { ensureWebappBuilt } from '../../bot/webapp-build';

/** Browser journeys need the built mini app; build it once per run when stale. */
export default async function setup(): Promise<void> {
  await ensureWebappBuilt(createLogger('warn'));
}
