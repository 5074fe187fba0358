import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { beginStartup } from '../../../../webapp/app/startup/early-startup';
import { beginStartCalls } from '../../../../webapp/app/startup/start-calls';
import { releaseFirstCard } from '../../../../webapp/features/explore/lib/first-card';
import { useSession } from '../../../../webapp/lib/session/session-store';
import { FakeSocket } from '../../support/fake-socket';
import { stubFetch } from '../../support/fetch-stub';
import { setLaunchHash } from '../../support/launch';
import { installFakeSockets } from '../../support/realtime-screen';
import { testUser } from '../../support/session';
import { happyPath, markMayBrowse, renderGate } from '../../support/startup';

const VALIDATED_BODY = { ok: true, user: { id: 100010, first_name: 'Артём' }, auth_date: 1700000000 };

beforeEach(() => {
  useSession.setState({ user: null, status: null, bannedLater: null });
  installFakeSockets();
  setLaunchHash();
});
afterEach(() => releaseFirstCard());

const called = (calls: { method: string; url: URL }[]) => calls.map((c) => `${c.method} ${c.url.pathname}`);

describe('start-up calls', () => {
  it('sends profile/me and profile/status while the validation is still on its way', async () => {
    markMayBrowse();
    let answer: () => void = () => undefined;
    const validated = new Promise<void>((resolve) => (answer = resolve)).then(() => ({ json: VALIDATED_BODY }));
    const calls = stubFetch(happyPath({ 'POST /api/telegram/validate': () => validated }));
    renderGate();
    await waitFor(() =>
      expect(called(calls)).toEqual([
        'POST /api/telegram/validate',
        'GET /api/profile/me',
        'POST /api/profile/status',
        'GET /api/explore/first',
      ]),
    );
    expect(screen.queryByText('Приложение')).toBeNull();
    answer();
    // The loading screen may have appeared meanwhile: it stays its minimum second.
    expect(await screen.findByText('Приложение', undefined, { timeout: 3000 })).toBeTruthy();
  });

  it('uses the calls begun before React rendered, not a second set', async () => {
    markMayBrowse();
    const calls = stubFetch(happyPath());
    beginStartCalls();
    beginStartup();
    renderGate();
    expect(await screen.findByText('Приложение')).toBeTruthy();
    expect(called(calls)).toEqual([
      'POST /api/telegram/validate',
      'GET /api/profile/me',
      'POST /api/profile/status',
      'GET /api/explore/first',
    ]);
  });

  it('asks for the first card alongside on a launch into the explore screen, and not on one elsewhere', async () => {
    markMayBrowse();
    const calls = stubFetch(happyPath());
    renderGate();
    expect(await screen.findByText('Приложение')).toBeTruthy();
    expect(called(calls)).toContain('GET /api/explore/first');
    expect(FakeSocket.all).toHaveLength(0);
  });

  it("never asks a new user's first launch for a card the status does not allow yet (it would be refused)", async () => {
    const calls = stubFetch(happyPath({ 'POST /api/profile/status': { json: { ok: true, status: 'NO_PROFILE', reason: null } } }));
    renderGate();
    await waitFor(() => expect(useSession.getState().status).toBe('NO_PROFILE'));
    expect(called(calls)).not.toContain('GET /api/explore/first');
    expect(localStorage.getItem('explore.mayBrowse@100010')).toBeNull();
  });

  it('remembers an account whose launch could browse, so its next launch asks for the card alongside', async () => {
    const calls = stubFetch(happyPath());
    renderGate();
    expect(await screen.findByText('Приложение')).toBeTruthy();
    expect(called(calls)).not.toContain('GET /api/explore/first');
    expect(localStorage.getItem('explore.mayBrowse@100010')).toBe('1');
  });

  it('shows a banned user the date of the ban though the status call sent alongside was refused', async () => {
    const banned = { status: 403, json: { ok: false, error: 'BANNED', message: 'Доступ ограничен', banReason: 'Спам в чатах' } };
    stubFetch(
      happyPath({
        'GET /api/profile/me': { json: testUser({ isBanned: true, banReason: 'Спам в чатах', bannedAt: '2026-03-01T10:00:00.000Z' }) },
        'POST /api/profile/status': banned,
      }),
    );
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Доступ ограничен' })).toBeTruthy();
    expect(screen.getByText('Дата блокировки: 1 марта 2026 г.')).toBeTruthy();
  });
});
