import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { createRouteTable } from '../../api/app';
import { NO_METRICS } from '../../platform/metrics/metrics';
import { createTestApp } from '../support/test-app';
import { testApiDeps } from '../support/test-api';

// /api is one @koa/router tree (api/app.ts createRouteTable): a nested router per feature under the /api router.
describe('the /api route tree', () => {
  it('is one router that matches every feature route under /api, case-sensitively', async () => {
    const app = await createTestApp();
    try {
      const { api } = createRouteTable(testApiDeps({ orm: app.db.orm, hub: app.hub, bus: app.bus, storage: app.storage }), NO_METRICS);
      expect(api).toBeInstanceOf(Router);
      expect(api.match('/api/profile/me', 'GET').route).toBe(true);
      expect(api.match('/api/telegram/validate', 'POST').route).toBe(true);
      expect(api.match('/api/Profile/me', 'GET').route).toBe(false);
      expect(api.match('/profile/me', 'GET').route).toBe(false);
    } finally {
      await app.close();
    }
  });
});
