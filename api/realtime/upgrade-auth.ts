import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { SessionUser } from '../../db/users/session-user';
import { upsertFromLaunchUser } from '../../db/users/users.service';
import type { VerifiedLaunch } from '../context';
import { AppError, MESSAGES } from '../../contracts/errors';
import { initDataFromProtocols } from '../../contracts/socket-auth';
import type { AddressOf } from '../middleware/client-address';
import { enforceReleaseGate } from '../middleware/release-gate';
import { verifyLaunch } from '../middleware/telegram-auth';
import { isAllowedOrigin } from './allowed-origin';
import type { RealtimeDeps } from './ws-server';

const STATUS_TEXT: Record<number, string> = { 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 429: 'Too Many Requests' };

export function refuseUpgrade(socket: Duplex, status: number, headers: Record<string, string> = {}): void {
  const extra = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(`HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}\r\nConnection: close\r\nContent-Length: 0\r\n${extra}\r\n`);
  socket.destroy();
}

/**
 * Origin, then initData (bad signatures counted per address, X-Forwarded-For read as on HTTP), then the ban and
 * the release gate; the user is upserted as on HTTP (through the app's users cache, which HTTP shares and the
 * events evict: a ban refuses the next upgrade at once). initData comes only from the subprotocol list
 * (contracts/socket-auth.ts): one in the URL is ignored.
 */
export async function authenticateUpgrade(
  req: IncomingMessage,
  deps: Pick<RealtimeDeps, 'orm' | 'auth' | 'origins' | 'limits' | 'users'>,
  addressOf: AddressOf,
): Promise<{ user: SessionUser; launch: VerifiedLaunch }> {
  if (deps.origins && !isAllowedOrigin(req.headers.origin, deps.origins)) throw new AppError('FORBIDDEN', MESSAGES.forbidden);
  const launch = await verifyLaunch(
    initDataFromProtocols(req.headers['sec-websocket-protocol']),
    () => addressOf(req.headers['x-forwarded-for'], req.socket.remoteAddress),
    deps.auth,
    deps.limits.initDataFailures,
  );
  const em = deps.orm.em.fork();
  const user = await upsertFromLaunchUser(em, launch.user, deps.auth.adminIds, deps.users);
  if (user.isBanned) throw new AppError('BANNED', MESSAGES.banned);
  await enforceReleaseGate(em, user, deps.auth.releaseAt);
  return { user, launch };
}
