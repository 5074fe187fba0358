import { afterAll, beforeAll, beforeEach } from 'vitest';
import { sqlOf } from '../../db/kysely';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test app for a file of feed tests, each test starting with a feed of its own: before each, every profile of
 * earlier tests leaves the feed (its description back to pending: it may still browse, nobody is shown it).
 */
export function useFeedApp(): { readonly app: TestApp; em: () => ReturnType<TestApp['db']['orm']['em']['fork']> } {
  let app: TestApp | undefined;
  const ready = () => {
    if (!app) throw new Error('useFeedApp: the app is made in beforeAll');
    return app;
  };
  const em = () => ready().db.orm.em.fork();
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());
  beforeEach(async () => {
    await sqlOf(em()).updateTable('profiles').set({ description_moderation_status: 'PENDING' }).execute();
  });
  return {
    get app() {
      return ready();
    },
    em,
  };
}
