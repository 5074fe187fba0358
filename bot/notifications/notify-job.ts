import { Api } from 'grammy';
import type { JobDefinition } from '../../platform/jobs/job-definition';
import { NotificationDispatcher } from './dispatcher';
import { ledgerDelivery } from './ledger-delivery';
import { decodeNotification, encodeNotification, NOTIFY_JOB } from './notification-payload';
import { retryDelayMs, MAX_NOTIFY_ATTEMPTS } from './retry-policy';
import { subscribeNotifications, type AllNotificationDeps } from './subscribe';

export interface NotifyJobDeps extends Omit<AllNotificationDeps, 'api'> {
  /** The bot's api: notifications use a copy of it (same token and server) without its transformers. */
  botApi: Api;
}

/** A hung connection must not hold a job (and its lock) for grammY's default 500 s. */
const CALL_TIMEOUT_S = 30;

// Without auto-retry: waits belong in the queue, not in a busy worker slot.
const notificationApi = (botApi: Api) => new Api(botApi.token, { ...botApi.options, timeoutSeconds: CALL_TIMEOUT_S });

/**
 * The notify job: runs the notification handlers for one event. When Telegram fails, the event is queued again
 * for later (429: its retry_after; otherwise backoff) and what already went out is skipped on the next run.
 */
export function notifyJob(deps: NotifyJobDeps): JobDefinition {
  const api = notificationApi(deps.botApi);
  const events = new NotificationDispatcher();
  subscribeNotifications(events, { ...deps, api });
  return {
    name: NOTIFY_JOB,
    task: async (payload, helpers) => {
      const notification = decodeNotification(payload);
      const { id, attempt, event } = notification;
      // The event's first run ever: not a retry of ours, nor the queue's own retry after a failure or a crash.
      const firstRun = attempt === 0 && helpers.job.attempts <= 1;
      const failures = await events.dispatch(event, ledgerDelivery(deps.orm, deps.logger, id, { firstRun }));
      if (failures.length === 0) return;
      const fields = { event: event.name, id, attempt: attempt + 1, err: failures[0] };
      if (attempt + 1 >= MAX_NOTIFY_ATTEMPTS) return deps.logger.error('notification given up', fields);
      const delayMs = retryDelayMs(failures, attempt);
      deps.logger.warn('notification will be retried', { ...fields, delayMs });
      await helpers.addJob(NOTIFY_JOB, encodeNotification({ ...notification, attempt: attempt + 1 }), {
        jobKey: `notify:${id}`,
        runAt: new Date(Date.now() + delayMs),
      });
    },
  };
}
