// A process that likes someone and dies (SIGKILL, no clean-up) the moment its transaction has committed:
// `node --import tsx crash-after-commit.child.ts <databaseUrl> <fromId> <toId>`.
import { EventBus } from '../../db/events/event-bus';
import { swipe } from '../../db/likes/likes.service';
import { createLogger } from '../../platform/logger';
import { openOrm } from '../../db/orm';
import { wireBus } from './wire-bus';

const [clientUrl, fromId, toId] = process.argv.slice(2);
const logger = createLogger('silent');
const orm = await openOrm({ clientUrl: clientUrl! });
const bus = new EventBus(logger);
// Wired as bot/application.ts wires every process, and as the test bot's is.
wireBus(orm, bus, { enqueue: true });
orm.em.getEventManager().registerSubscriber({ afterTransactionCommit: () => void process.kill(process.pid, 'SIGKILL') });
await swipe(orm.em.fork(), bus, { fromId: Number(fromId), toId: Number(toId), kind: 'LIKE' });
