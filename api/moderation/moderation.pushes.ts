import { SOCKET_PATHS, type OutgoingEnvelope } from '../../contracts/realtime';
import type { DomainEventMap } from '../../db/events/domain-events';
import type { EventBus } from '../../db/events/event-bus';
import type { Logger } from '../../platform/logger';
import { moderationCounts } from '../../db/moderation/moderation-items.repository';
import type { Orm } from '../../db/orm';
import { itemDecidedPush, maySeeReportAbout, reportDecidedPush } from '../../db/moderation/staff-pushes';
import type { Hub } from '../realtime/hub';
import { localStaff } from './staff-sockets';

interface Deps {
  hub: Hub;
  bus: EventBus;
  orm: Orm;
  logger: Logger;
}

const send = (hub: Hub, userId: number, t: string, data: unknown) => {
  const message: OutgoingEnvelope = { ch: 'moderation', t, data };
  hub.sendToUser(userId, message, SOCKET_PATHS.likes);
};

async function pushItemDecided(deps: Deps, e: DomainEventMap['moderation.decided']): Promise<void> {
  const em = deps.orm.em.fork();
  const staff = await localStaff(em, deps.hub);
  if (staff.length === 0) return;
  const data = await itemDecidedPush(em, e);
  for (const viewer of staff) send(deps.hub, viewer.telegramId, 'item_decided', data);
}

async function pushReportDecided(deps: Deps, e: DomainEventMap['report.decided']): Promise<void> {
  const em = deps.orm.em.fork();
  const staff = await localStaff(em, deps.hub);
  if (staff.length === 0) return;
  const { push, reported } = await reportDecidedPush(em, e);
  for (const viewer of staff)
    if (maySeeReportAbout(viewer, reported, e.reportedUserId)) send(deps.hub, viewer.telegramId, 'report_decided', push);
}

/** Counts as each staff member may see them (moderators never count reports about staff); bursts coalesce into one run. */
function countsPusher(deps: Deps): () => void {
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    const em = deps.orm.em.fork();
    for (const viewer of await localStaff(em, deps.hub))
      send(deps.hub, viewer.telegramId, 'counts', { counts: await moderationCounts(em, viewer) });
  };
  const loop = async (): Promise<void> => {
    running = true;
    do {
      again = false;
      await run().catch((err: unknown) => deps.logger.error('moderation counts push failed', { err }));
    } while (again);
    running = false;
  };
  return () => {
    if (running) again = true;
    else void loop();
  };
}

/** Live moderation queue (issue #23): decisions and counts reach every open staff panel on ch:'moderation'. */
export function subscribeModerationPushes(deps: Deps): () => void {
  const pushCounts = countsPusher(deps);
  const offs = [
    deps.bus.on('moderation.decided', (e) => {
      pushCounts();
      return pushItemDecided(deps, e);
    }),
    deps.bus.on('report.decided', (e) => {
      pushCounts();
      return pushReportDecided(deps, e);
    }),
    deps.bus.on('moderation.item_created', pushCounts),
    deps.bus.on('report.created', pushCounts),
    // A deleted account takes its pending items and reports along.
    deps.bus.on('account.deleted', pushCounts),
    // A role change moves reports about that user in or out of moderators' counts.
    deps.bus.on('user.role_changed', pushCounts),
  ];
  return () => offs.forEach((off) => off());
}
