import type { TestApp } from '../test-app';
import { openSocket, type TestSocket } from '../ws-client';

export interface ConnectOptions {
  origin?: string;
  /** Client address (X-Forwarded-For, the test app trusts loopback as a proxy); the connection's own unless given. */
  from?: string;
}

/** Opens a socket with initData in the subprotocols as the mini app does (none when null). */
export function connect(app: TestApp, path: string, initData: string | null, opts: ConnectOptions = {}): Promise<TestSocket> {
  const headers: Record<string, string> = opts.from ? { 'X-Forwarded-For': opts.from } : {};
  if (opts.origin) headers.Origin = opts.origin;
  return openSocket(`${app.wsUrl}${path}`, initData, { headers });
}

/** 101 when the socket opened (then closed again), otherwise the refused upgrade's status. */
export async function upgradeStatus(app: TestApp, path: string, initData: string | null, opts: ConnectOptions = {}): Promise<number> {
  try {
    const socket = await connect(app, path, initData, opts);
    await socket.close();
    return 101;
  } catch (err) {
    return (err as { status?: number }).status ?? 0;
  }
}
