import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../platform/logger';
import type { Orm } from '../../db/orm';
import { sendSafely } from './send-safely';

interface OnceOptions<T> {
  /** Whether to send at all (e.g. a throttle claim); taken once per event, so a retry keeps the decision. */
  decide?: (em: EntityManager) => Promise<boolean>;
  /** Rows written together with the record of the send (e.g. the post to edit later). */
  record?: (em: EntityManager, result: T) => void;
}

/** How a notification handler reaches Telegram for one event. */
export interface Delivery {
  /** Makes the call once per (recipient, kind) of the event; null when refused, decided against or done before. */
  once<T>(recipient: number, kind: string, call: () => Promise<T>, opts?: OnceOptions<T>): Promise<T | null>;
  /** A call that is safe to repeat (an edit); null when refused. */
  attempt<T>(recipient: number, call: () => Promise<T>): Promise<T | null>;
}

/** Best effort, outside a job (a moderator's button press): failures are logged, never retried. */
export function directDelivery(orm: Orm, logger: Logger): Delivery {
  const attempt = async <T>(recipient: number, call: () => Promise<T>): Promise<T | null> => {
    try {
      return await sendSafely(call, logger, recipient);
    } catch (err) {
      logger.warn('telegram call failed', { chatId: recipient, err });
      return null;
    }
  };
  return {
    attempt,
    async once(recipient, _kind, call, opts = {}) {
      if (opts.decide && !(await opts.decide(orm.em.fork()))) return null;
      const result = await attempt(recipient, call);
      if (result === null || !opts.record) return result;
      const em = orm.em.fork();
      opts.record(em, result);
      await em.flush();
      return result;
    },
  };
}

/** Runs `fn` for every item, each to the end even when one fails; then throws the first failure (the job retries). */
export async function everyOne<T>(items: readonly T[], fn: (item: T) => Promise<unknown>): Promise<void> {
  const failures: unknown[] = [];
  for (const item of items) await fn(item).catch((err: unknown) => failures.push(err));
  if (failures.length) throw failures[0];
}
