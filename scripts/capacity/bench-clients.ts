import WebSocket from 'ws';
import { socketProtocols } from '../../contracts/socket-auth';
import { signLaunchData } from '../../bot/dev/sign-launch';
import { LOAD_BOT_TOKEN } from '../chat-load/load-client';

/** Client source addresses 127.0.0.2 … 127.0.0.41 in turn: thousands of sockets never run one address out of ports. */
const SOURCE_ADDRESSES = Array.from({ length: 40 }, (_, i) => `127.0.0.${i + 2}`);
let nextSource = 0;

/** The mini app's subprotocol list for `userId`: real initData signed with the load token. */
export const launchProtocols = (userId: number) => socketProtocols(signLaunchData({ id: userId, first_name: 'Нагрузка' }, LOAD_BOT_TOKEN));

/**
 * Opens a socket as the mini app does (initData in the subprotocols) and resolves once `ready` says so: on the
 * first message our /ws/messages sends (the presence snapshot, after the open hook ran) or, for the bare server, on open.
 */
export function openClient(
  url: string,
  protocols: string[],
  opts: { untilFirstMessage: boolean; onMessage?: (raw: Buffer) => void },
): Promise<WebSocket> {
  const ws = new WebSocket(url, protocols, { localAddress: SOURCE_ADDRESSES[nextSource++ % SOURCE_ADDRESSES.length] });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    if (opts.untilFirstMessage) ws.once('message', () => resolve(ws));
    else ws.once('open', () => resolve(ws));
    if (opts.onMessage) ws.on('message', opts.onMessage);
  });
}

/** Opens one socket per entry, `concurrency` upgrades at a time. */
export async function openMany<T>(items: readonly T[], concurrency: number, open: (item: T) => Promise<WebSocket>): Promise<WebSocket[]> {
  const sockets: WebSocket[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      sockets[i] = await open(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return sockets;
}

/** Terminates the sockets and resolves when every one has closed. */
export async function closeAll(sockets: readonly WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.terminate();
        }),
    ),
  );
}
