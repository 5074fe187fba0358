import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from '../../platform/logger';
import { decodeEvent, encodeEvent } from './event-codec';
import type { EventBus } from './event-bus';

const CHANNEL = 'orbita:events';

export interface RedisRelay {
  /** This process's id on the relay (also its presence id). */
  processId: string;
  /** Whether Redis answers (readiness): rejects at once while the connection is down, else on a failed PING. */
  ping(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Every domain event published here goes to every other process through Redis pub/sub, and theirs
 * come here: each process pushes to its own sockets. Jobs (not this) carry what must happen once.
 */
export async function attachRedisRelay(bus: EventBus, url: string, logger: Logger): Promise<RedisRelay> {
  const processId = randomUUID();
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
  const sub = new Redis(url, { lazyConnect: true });
  for (const client of [pub, sub]) client.on('error', (err: Error) => logger.warn('redis relay error', { err: err.message }));
  await Promise.all([pub.connect(), sub.connect()]);
  await sub.subscribe(CHANNEL);
  sub.on('message', (_channel: string, text: string) => {
    const cut = text.indexOf('\n');
    if (text.slice(0, cut) === processId) return;
    try {
      bus.deliverRemote(decodeEvent(text.slice(cut + 1)));
    } catch (err) {
      logger.error('redis relay: bad event', { err });
    }
  });
  bus.setRelay((event) => {
    pub
      .publish(CHANNEL, `${processId}\n${encodeEvent(event)}`)
      .catch((err: unknown) => logger.error('redis relay publish failed', { err, event: event.name }));
  });
  return {
    processId,
    ping: async () => {
      if (pub.status !== 'ready' || sub.status !== 'ready') throw new Error(`redis connection ${pub.status}/${sub.status}`);
      await pub.ping();
    },
    stop: async () => {
      bus.setRelay(null);
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
