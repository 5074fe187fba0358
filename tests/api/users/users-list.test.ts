import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usersResponseSchema } from '../../../contracts/users-list';
import { User } from '../../../db/users/user.entity';
import { createMember } from '../../support/factories';
import { createActor, type Actor } from '../../support/moderation';
import { createTestApp, type TestApp } from '../../support/test-app';
import { tmaHeader } from '../../support/init-data';

let app: TestApp;
let moderator: Actor;
let anna: number;
const em = () => app.db.orm.em.fork();

beforeAll(async () => {
  app = await createTestApp();
  moderator = await createActor(app, 'MODERATOR');
  anna = await createMember(em(), { displayName: 'Аннушка', city: 'Казань' });
  await em().nativeUpdate(User, { telegramId: anna }, { username: 'anna_k', firstName: 'Анна' });
  for (let i = 0; i < 22; i++) await createMember(em());
});
afterAll(() => app.close());

const users = async (query: Record<string, unknown>) => {
  const res = await app.request.get('/api/users').set(tmaHeader(moderator.initData)).query(query);
  expect(res.status).toBe(200);
  return usersResponseSchema.parse(res.body);
};

describe('GET /api/users', () => {
  it('pages by 20, newest first, with the total', async () => {
    const first = await users({ page: 1 });
    expect(first.users).toHaveLength(20);
    expect(first.pagination).toMatchObject({ page: 1, limit: 20, total: 24, pages: 2 });
    const second = await users({ page: 2 });
    expect(second.users).toHaveLength(4);
    const all = [...first.users, ...second.users].map((u) => u.telegramId);
    expect(new Set(all).size).toBe(24);
  });

  it('finds by @username, by a name, by the display name and by id', async () => {
    for (const q of ['@anna_k', 'анна', 'Аннушка', String(anna)]) {
      const { users: found } = await users({ q });
      expect(found.map((u) => u.telegramId)).toContain(anna);
      expect(found.length).toBeLessThan(5);
    }
    const [row] = (await users({ q: 'anna_k' })).users;
    expect(row).toMatchObject({
      role: 'USER',
      username: 'anna_k',
      profile: { displayName: 'Аннушка', city: 'Казань', initialModerationStatus: 'APPROVED' },
    });
  });

  it('treats LIKE wildcards literally', async () => {
    expect((await users({ q: '%' })).users).toHaveLength(0);
  });
});
