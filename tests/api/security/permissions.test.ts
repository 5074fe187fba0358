import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePlaces } from '../../../db/places/ensure-places';
import { routesOfTestApp, type ApiRoute } from '../../support/security/api-routes';
import { fakeStickerSource } from '../../support/security/fake-sticker-source';
import { Fixtures } from '../../support/security/fixtures';
import { callerAs, IDENTITIES } from '../../support/security/identities';
import { sendCall } from '../../support/security/send-call';
import { webhookRouteForTests } from '../../support/security/webhook-route';
import { createTestApp, type TestApp } from '../../support/test-app';
import { ROUTES } from './permission-matrix';

let app: TestApp;
let fixtures: Fixtures;
beforeAll(async () => {
  app = await createTestApp({ stickerSource: fakeStickerSource(), extraRoutes: [webhookRouteForTests()] });
  await ensurePlaces(app.db.orm.em.fork());
  fixtures = new Fixtures(app);
});
afterAll(() => app.close());

const routeOf = (key: string): ApiRoute => {
  const [method, path] = key.split(' ') as [ApiRoute['method'], string];
  return { method, path, key };
};

describe('the permission matrix', () => {
  it('has an entry for every route the routers serve, and none for a route that is gone', () => {
    const served = routesOfTestApp(app)
      .map((r) => r.key)
      .sort();
    expect(served.length).toBeGreaterThan(40);
    expect(Object.keys(ROUTES).sort()).toEqual(served);
  });
});

describe.each(Object.entries(ROUTES))('%s', (key, entry) => {
  it('answers every identity as the matrix says, refusals in the error shape', async () => {
    const route = routeOf(key);
    const seen: Record<string, number> = {};
    const surprises: string[] = [];
    for (const identity of IDENTITIES) {
      const caller = await callerAs(app, identity);
      await entry.prepare?.(fixtures, caller.id);
      const res = await sendCall(app, route, await entry.call(fixtures, caller.id), caller.initData);
      seen[identity] = res.status;
      if (res.status !== entry.expect[identity]) surprises.push(`${identity}: ${res.status} ${res.text.slice(0, 300)}`);
      if (res.status >= 400)
        expect(res.body, `${identity}: ${res.text}`).toMatchObject({
          ok: false,
          error: expect.any(String),
          message: expect.stringMatching(/\S/),
        });
    }
    expect(seen, surprises.join('\n')).toEqual(entry.expect);
  });
});
