import { Redis } from 'ioredis';
import type { Logger } from '../../platform/logger';
import type { Hub } from './hub';

const CHANNEL = 'orbita:presence';
const usersKey = (proc: string) => `orbita:presence:${proc}`;
const aliveKey = (proc: string) => `orbita:alive:${proc}`;
const HEARTBEAT_MS = 5_000;
// A process that missed three heartbeats has crashed: its sockets stop counting everywhere.
const MISSED_BEATS = 3;

export interface ClusterPresence {
  stop(): Promise<void>;
}

/**
 * Presence across API processes through Redis: each process keeps the set of its users with a heartbeat
 * key, announces changes on a channel, and drops the users of a process whose heartbeat expired.
 */
export async function attachClusterPresence(
  hub: Hub,
  url: string,
  processId: string,
  logger: Logger,
  opts: { heartbeatMs?: number } = {},
): Promise<ClusterPresence> {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true });
  for (const client of [redis, sub]) client.on('error', (err: Error) => logger.warn('redis presence error', { err: err.message }));
  await Promise.all([redis.connect(), sub.connect()]);
  const known = new Set<string>();

  const beat = () => redis.set(aliveKey(processId), '1', 'PX', heartbeatMs * MISSED_BEATS);
  await beat();
  await sub.subscribe(CHANNEL);
  sub.on('message', (_c: string, text: string) => {
    const [proc, user, state] = text.split('|');
    if (!proc || proc === processId) return;
    known.add(proc);
    hub.applyRemote(Number(user), proc, state === '1');
  });
  // Subscribed first, then the snapshot: nothing announced in between is missed (applying twice is harmless).
  // SCAN, not KEYS: never blocks a Redis shared with other work.
  const aliveKeys: string[] = [];
  for await (const batch of redis.scanStream({ match: 'orbita:alive:*', count: 100 })) aliveKeys.push(...(batch as string[]));
  for (const key of aliveKeys) {
    const proc = key.slice('orbita:alive:'.length);
    if (proc === processId) continue;
    known.add(proc);
    for (const user of await redis.smembers(usersKey(proc))) hub.applyRemote(Number(user), proc, true);
  }

  hub.setAnnouncer((userId, online) => {
    const key = usersKey(processId);
    const write = online ? redis.sadd(key, String(userId)) : redis.srem(key, String(userId));
    write
      .then(() => redis.publish(CHANNEL, `${processId}|${userId}|${online ? 1 : 0}`))
      .catch((err: unknown) => logger.warn('presence announce failed', { err }));
  });

  const timer = setInterval(() => {
    void (async () => {
      await beat();
      for (const proc of [...known]) {
        if (await redis.exists(aliveKey(proc))) continue;
        known.delete(proc);
        hub.dropProcess(proc);
        await redis.del(usersKey(proc));
      }
    })().catch((err: unknown) => logger.warn('presence heartbeat failed', { err }));
  }, heartbeatMs);
  timer.unref();

  return {
    stop: async () => {
      clearInterval(timer);
      hub.setAnnouncer(null);
      // A graceful stop tells the others at once instead of waiting for the heartbeat to lapse.
      await Promise.allSettled(hub.localUsers().map((userId) => redis.publish(CHANNEL, `${processId}|${userId}|0`)));
      await redis.del(usersKey(processId), aliveKey(processId)).catch(() => undefined);
      await Promise.allSettled([sub.quit(), redis.quit()]);
    },
  };
}
