import { render } from '@testing-library/react';
import { StartupGate } from '../../../webapp/app/startup/startup-gate';
import type { Route } from './fetch-stub';
import { testUser } from './session';

const VALIDATED: Route = { json: { ok: true, user: { id: 100010, first_name: 'Артём' }, auth_date: 1700000000 } };
const ME: Route = { json: testUser() };
const APPROVED: Route = { json: { ok: true, status: 'APPROVED', reason: null } };
/** The three start-up calls answering as for an approved user (and the explore screen's first card, none left). */
export const happyPath = (overrides: Record<string, Route> = {}) => ({
  'POST /api/telegram/validate': VALIDATED,
  'GET /api/profile/me': ME,
  'POST /api/profile/status': APPROVED,
  'GET /api/explore/first': { json: { ok: true, card: null } },
  ...overrides,
});

/** This account could browse at its last launch on this device (app/startup/browse-mark.ts). */
export function markMayBrowse(userId = 100010): void {
  localStorage.setItem(`explore.mayBrowse@${userId}`, '1');
}

export function renderGate() {
  return render(
    <StartupGate>
      <p>Приложение</p>
    </StartupGate>,
  );
}
