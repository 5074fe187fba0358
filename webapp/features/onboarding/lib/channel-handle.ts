import { getAppConfig } from '../../../lib/app-config';

/** The product's channel (CHANNEL_HANDLE), as `@name`; null when none is configured: nothing is offered then. */
export function channelHandle(): string | null {
  const handle = getAppConfig().channelHandle?.trim();
  if (!handle || !/^@?\w{3,64}$/.test(handle)) return null;
  return handle.startsWith('@') ? handle : `@${handle}`;
}
