import fc from 'fast-check';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEDIA_MESSAGES } from '../../contracts/media';
import { ensurePlaces } from '../../db/places/ensure-places';
import { ROUTES, type RouteEntry } from '../api/security/permission-matrix';
import { appSnapshot } from '../support/fuzz/app-snapshot';
import { FuzzTally, fuzzOptions } from '../support/fuzz/fuzz-config';
import { buildCase, httpCases, type HttpCase } from '../support/fuzz/http-cases';
import { sendCase } from '../support/fuzz/send-case';
import { routesOfTestApp, type ApiRoute } from '../support/security/api-routes';
import { changedTables } from '../support/security/db-fingerprint';
import { fakeStickerSource } from '../support/security/fake-sticker-source';
import { Fixtures } from '../support/security/fixtures';
import { callerAs, type Identity } from '../support/security/identities';
import { createTestApp, type TestApp } from '../support/test-app';
import { webhookRouteForTests } from '../support/security/webhook-route';

let app: TestApp;
let fixtures: Fixtures;
const tally = new FuzzTally();
beforeAll(async () => {
  app = await createTestApp({ stickerSource: fakeStickerSource(), extraRoutes: [webhookRouteForTests()] });
  await ensurePlaces(app.db.orm.em.fork());
  fixtures = new Fixtures(app);
});
afterAll(async () => {
  tally.print('HTTP fuzz');
  await app.close();
});

const routeOf = (key: string): ApiRoute => {
  const [method, path] = key.split(' ') as [ApiRoute['method'], string];
  return { method, path, key };
};
/** The least privileged caller the route lets through, so the cases reach its own checks. */
const identityFor = (entry: RouteEntry): Identity =>
  (['user', 'moderator', 'admin'] as const).find((i) => entry.expect[i] === 200) ?? 'user';

async function freshSeed(entry: RouteEntry, identity: Identity) {
  const caller = await callerAs(app, identity);
  await entry.prepare?.(fixtures, caller.id);
  return { caller, call: await entry.call(fixtures, caller.id) };
}

/** Every refusal is told in the UI's language, but for the spec's two English photo URL texts (end-user.md §7). */
const RUSSIAN = new RegExp(`[А-Яа-яЁё]|^${MEDIA_MESSAGES.onlyHttp.replace(/[()]/g, '\\$&')}$|^Photo URL must be from `);

const told = (c: HttpCase, res: Response) =>
  `${c.kind} ${c.url.slice(0, 300)} ${c.contentType ?? ''} ${(c.body ?? '').slice(0, 300)} → ${res.status} ${(res.text ?? '').slice(0, 300)}`;

it('has a seed for every route the routers serve', () => {
  expect(
    routesOfTestApp(app)
      .map((r) => r.key)
      .filter((key) => !ROUTES[key]),
  ).toEqual([]);
});

describe.each(Object.keys(ROUTES))('%s', (key) => {
  it('never answers 5xx; every refusal is in the error shape and changes nothing', async () => {
    const route = routeOf(key);
    const entry = ROUTES[key]!;
    const identity = identityFor(entry);
    let state = await freshSeed(entry, identity);
    let before: Record<string, string> | null = null;
    const property = fc.asyncProperty(httpCases(route, state.call), async (spec) => {
      const c = buildCase(route, spec, state.call);
      before ??= await appSnapshot(app);
      const res = await sendCase(app, route, c, state.caller.initData);
      tally.count(key, res.status);
      expect(res.status, told(c, res)).toBeLessThan(500);
      if (res.status < 400) {
        // Accepted: it may have changed anything, even deleted the caller; start again from fresh rows.
        before = null;
        if (route.method !== 'GET') state = await freshSeed(entry, identity);
        return;
      }
      expect(res.body, told(c, res)).toMatchObject({ ok: false, error: expect.any(String), message: expect.stringMatching(RUSSIAN) });
      const after = await appSnapshot(app);
      expect(changedTables(before, after), told(c, res)).toEqual([]);
      before = after;
      if (res.status === 429) {
        // Rate limited: a fresh caller lets the next cases reach the route's own checks again.
        state = await freshSeed(entry, identity);
        before = null;
      }
    });
    await fc.assert(property, fuzzOptions());
  });
});
