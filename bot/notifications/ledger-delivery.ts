import { deliveryStatus, recordDelivery } from '../../db/notifications/deliveries';
import type { Logger } from '../../platform/logger';
import type { Orm } from '../../db/orm';
import type { Delivery } from './delivery';
import { sendSafely } from './send-safely';

/**
 * Delivery inside a notify job: every send is recorded under (event id, recipient, kind), so a retried job skips
 * what went out and keeps what it decided (a claimed throttle slot). Transient failures are thrown to the job.
 */
export function ledgerDelivery(orm: Orm, logger: Logger, eventId: string, opts: { firstRun: boolean }): Delivery {
  return {
    attempt: (recipient, call) => sendSafely(call, logger, recipient),
    async once(recipient, kind, call, options = {}) {
      const key = { eventId, recipient, kind };
      // Nothing can be recorded yet for an event's first run (its id is new): one query less per message.
      const status = opts.firstRun ? null : await deliveryStatus(orm.em.fork(), key);
      if (status === 'SENT' || status === 'SKIPPED') return null;
      if (status === null && options.decide) {
        const decide = options.decide;
        const decided = await orm.em.fork().transactional(async (tx) => {
          if (!(await decide(tx))) return false;
          await recordDelivery(tx, key, 'PENDING');
          return true;
        });
        if (!decided) return null;
      }
      const result = await sendSafely(call, logger, recipient);
      const outcome = result === null ? 'SKIPPED' : 'SENT';
      const { record } = options;
      // Sent but not recorded (a crash right here) is the one way a message could go twice.
      if (result === null || !record) await recordDelivery(orm.em.fork(), key, outcome);
      else
        await orm.em.fork().transactional(async (tx) => {
          record(tx, result);
          await recordDelivery(tx, key, outcome);
        });
      return result;
    },
  };
}
