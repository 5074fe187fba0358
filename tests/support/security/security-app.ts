import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '../test-app';
import { Fixtures } from './fixtures';

export interface SecurityApp {
  readonly app: TestApp;
  readonly fixtures: Fixtures;
}

/** One app and its fixtures for a security test file: built before its tests, closed after them. */
export function useSecurityApp(): SecurityApp {
  const state = {} as { app: TestApp; fixtures: Fixtures };
  beforeAll(async () => {
    state.app = await createTestApp();
    state.fixtures = new Fixtures(state.app);
  });
  afterAll(() => state.app.close());
  return state;
}
