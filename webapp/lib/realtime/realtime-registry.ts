import { SOCKET_PATHS, type Channel, type OutgoingEnvelope, type SocketPath } from '../../../contracts/realtime';
import { socketProtocols } from '../../../contracts/socket-auth';
import { apiGet } from '../api/api-client';
import { getInitData, setInitData } from '../init-data';
import { reportSessionExpired } from '../session-expiry';
import { readLaunch } from '../telegram/launch';
import { RealtimeSocket, type EnvelopeHandler, type StatusHandler } from './realtime-socket';

/** Which socket carries which channel (AMENDMENTS §3 realtime envelope). */
const CHANNEL_SOCKET: Record<Channel, SocketPath> = {
  likes: SOCKET_PATHS.likes,
  explore: SOCKET_PATHS.likes,
  chats: SOCKET_PATHS.messages,
  messages: SOCKET_PATHS.messages,
  moderation: SOCKET_PATHS.likes,
};

/** end-user.md §4: the likes socket reconnects 3 s after a close; the chat socket keeps the default backoff. */
const RECONNECT: Partial<Record<SocketPath, { minDelayMs: number; maxDelayMs: number }>> = {
  [SOCKET_PATHS.likes]: { minDelayMs: 3000, maxDelayMs: 3000 },
};

interface Entry {
  socket: RealtimeSocket;
  users: number;
}
const sockets = new Map<SocketPath, Entry>();

/** No initData in the URL (proxy logs keep URLs): it travels in the subprotocols. */
function socketUrl(path: SocketPath): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${path}`;
}

/** The socket's initData expired: launch data read again may be fresher (a relaunch); else the app shows it expired. */
function renewLaunch(): boolean {
  const launch = readLaunch();
  if (launch.kind === 'telegram' && launch.initData !== getInitData()) {
    setInitData(launch.initData);
    return true;
  }
  reportSessionExpired();
  return false;
}

function entryFor(path: SocketPath): Entry {
  let entry = sockets.get(path);
  if (!entry) {
    // A ban closes the socket at once; one HTTP call lets the api client's 403 BANNED rule show the blocked screen.
    const onRefused = () => void apiGet('/api/profile/me').catch(() => undefined);
    const protocols = () => socketProtocols(getInitData());
    entry = {
      socket: new RealtimeSocket({ url: () => socketUrl(path), protocols, onRefused, onExpired: renewLaunch, ...RECONNECT[path] }),
      users: 0,
    };
    sockets.set(path, entry);
  }
  return entry;
}

/** Subscribes to one channel; the shared socket opens with the first subscriber and closes after the last. */
export function subscribeChannel(channel: Channel, handler: EnvelopeHandler, onStatus?: StatusHandler): () => void {
  const entry = entryFor(CHANNEL_SOCKET[channel]);
  const offMessage = entry.socket.subscribe(channel, handler);
  const offStatus = onStatus ? entry.socket.onStatus(onStatus) : () => false;
  entry.users++;
  entry.socket.start();
  if (onStatus && entry.socket.isOpen) onStatus('open');
  return () => {
    offMessage();
    offStatus();
    if (--entry.users === 0) entry.socket.stop();
  };
}

/** Sends on a channel; while the socket is down the message waits in its queue. */
export function sendOnChannel<T>(channel: Channel, message: Omit<OutgoingEnvelope<T>, 'ch'>): void {
  entryFor(CHANNEL_SOCKET[channel]).socket.send({ ...message, ch: channel });
}
