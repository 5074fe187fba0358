import {
  itemDecidedPushSchema,
  reportDecidedPushSchema,
  type ItemDecidedPush,
  type ReportDecidedPush,
} from '../../../../contracts/realtime';
import { useChannel } from '../../../lib/realtime/use-channel';

/** Decisions made anywhere (another panel, the bot, an admin) as the server pushes them to staff. */
export function useDecisionPushes(handlers: { onItem?(push: ItemDecidedPush): void; onReport?(push: ReportDecidedPush): void }): void {
  useChannel('moderation', (message) => {
    if (message.t === 'item_decided') {
      const push = itemDecidedPushSchema.safeParse(message.data);
      if (push.success) handlers.onItem?.(push.data);
    } else if (message.t === 'report_decided') {
      const push = reportDecidedPushSchema.safeParse(message.data);
      if (push.success) handlers.onReport?.(push.data);
    }
  });
}
