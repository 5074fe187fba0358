import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import type { AppState } from '../../../api/context';
import { EventBus } from '../../../db/events/event-bus';
import { publishOrmEvents } from '../../../db/events/orm-events';
import { createLogger } from '../../../platform/logger';
import type { SessionUser } from '../../../db/users/session-user';
import { evictedUserCache } from '../../../db/users/user-cache-eviction';
import { User } from '../../../db/users/user.entity';
import { LAST_SEEN_RESOLUTION_MS, recordLastSeen, upsertFromLaunchUser } from '../../../db/users/users.service';
import { testLaunchUser } from '../../support/init-data';
import { createTestDatabase, type TestDatabase } from '../../support/test-database';

let db: TestDatabase;
let bus: EventBus;
const changed: number[] = [];
const em = () => db.orm.em.fork();

beforeAll(async () => {
  db = await createTestDatabase();
  bus = new EventBus(createLogger('silent'));
  publishOrmEvents(db.orm, bus);
  bus.on('user.changed', ({ userId }) => void changed.push(userId));
});
afterAll(() => db.drop());

describe('the users row written from a launch', () => {
  it('raises user.changed when the Telegram name changed, so another process drops its cached copy', async () => {
    const launch = testLaunchUser({ first_name: 'Старое' });
    const elsewhere = evictedUserCache(bus);
    await upsertFromLaunchUser(em(), launch, [], elsewhere);
    expect(elsewhere.get(launch.id)?.firstName).toBe('Старое');
    const renamed = await upsertFromLaunchUser(em(), { ...launch, first_name: 'Новое' });
    expect(renamed.firstName).toBe('Новое');
    await expect.poll(() => changed).toContain(launch.id);
    expect(elsewhere.get(launch.id)).toBeUndefined();
    expect((await em().findOneOrFail(User, { telegramId: launch.id })).firstName).toBe('Новое');
  });

  it('raises nothing for a first launch or a last-seen time alone (no cache holds anything else of it)', async () => {
    const launch = testLaunchUser();
    const first = await upsertFromLaunchUser(em(), launch);
    await recordLastSeen(em(), launch.id, new Date(first.createdAt.getTime() + LAST_SEEN_RESOLUTION_MS));
    // A sentinel: a rename after both writes is heard, and nothing was heard before it.
    await upsertFromLaunchUser(em(), { ...launch, first_name: 'Позже' });
    await expect.poll(() => changed).toContain(launch.id);
    expect(changed.filter((id) => id === launch.id)).toHaveLength(1);
    const seen = (await em().findOneOrFail(User, { telegramId: launch.id })).lastSeenAt;
    expect(seen?.getTime()).toBeGreaterThanOrEqual(first.createdAt.getTime() + LAST_SEEN_RESOLUTION_MS);
  });

  it('records a last-seen time for a row deleted meanwhile without failing (the socket may outlive the account)', async () => {
    await expect(recordLastSeen(em(), 999_000_000_001, new Date())).resolves.toBeUndefined();
    expect(await em().findOne(User, { telegramId: 999_000_000_001 })).toBeNull();
  });

  it('returns a plain read-only record, the type of ctx.state.user, not the managed entity', async () => {
    const user = await upsertFromLaunchUser(em(), testLaunchUser());
    expect(Object.getPrototypeOf(user)).toBe(Object.prototype);
    expectTypeOf(user).toEqualTypeOf<SessionUser>();
    expectTypeOf<AppState['user']>().toEqualTypeOf<SessionUser>();
    const change = (caller: AppState['user']) => {
      // @ts-expect-error A session user is read-only (often a frozen shared copy): load the entity to change the row.
      caller.firstName = 'Другое';
    };
    expect(change).toBeTypeOf('function');
  });
});
