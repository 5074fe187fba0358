import { z } from 'zod';
import { getAppConfig } from '../../../lib/app-config';

const channelConfig = z.object({ channelHandle: z.string().regex(/^@?[A-Za-z0-9_]{4,64}$/) });

/** The product's channel: `channelHandle` from the public config when the server sets one, else the support handle. */
export function channelHandle(): string {
  const configured = channelConfig.safeParse(typeof window === 'undefined' ? undefined : window.__APP_CONFIG__);
  const handle = configured.success ? configured.data.channelHandle : getAppConfig().supportHandle;
  return handle.startsWith('@') ? handle : `@${handle}`;
}
