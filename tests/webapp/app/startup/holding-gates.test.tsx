import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSession } from '../../../../webapp/lib/session/session-store';
import { apiGet } from '../../../../webapp/lib/api/api-client';
import { stubFetch, type Route } from '../../support/fetch-stub';
import { setLaunchHash } from '../../support/launch';
import { testUser } from '../../support/session';
import { happyPath, renderGate } from '../../support/startup';

beforeEach(() => {
  useSession.setState({ user: null, status: null, bannedLater: null });
  setLaunchHash();
});

describe('the blocked screen', () => {
  it('shows a banned user the reason, the date and the support link', async () => {
    stubFetch(
      happyPath({
        'GET /api/profile/me': { json: testUser({ isBanned: true, banReason: 'Спам в чатах', bannedAt: '2026-03-01T10:00:00.000Z' }) },
      }),
    );
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Доступ ограничен' })).toBeTruthy();
    expect(screen.getByText(/заблокирован за нарушение правил/)).toBeTruthy();
    expect(screen.getByText('Спам в чатах')).toBeTruthy();
    expect(screen.getByText('Дата блокировки: 1 марта 2026 г.')).toBeTruthy();
    expect(screen.getByRole('link', { name: '@orbita_support' }).getAttribute('href')).toBe('https://t.me/orbita_support');
    expect(screen.queryByText('Приложение')).toBeNull();
  });

  it('replaces the app when any later call answers 403 BANNED', async () => {
    stubFetch(
      happyPath({
        'GET /api/chat/me': { status: 403, json: { ok: false, error: 'BANNED', message: 'Доступ ограничен', banReason: 'Оскорбления' } },
      }),
    );
    renderGate();
    await screen.findByText('Приложение');
    await act(() => apiGet('/chat/me').catch(() => undefined));
    expect(screen.getByRole('heading', { name: 'Доступ ограничен' })).toBeTruthy();
    expect(screen.getByText('Оскорбления')).toBeTruthy();
    expect(screen.queryByText('Приложение')).toBeNull();
  });
});

describe('the release gate', () => {
  const releaseSoon: Route = {
    status: 403,
    json: { ok: false, error: 'RELEASE_SOON', message: 'Приложение скоро откроется', releaseAt: '2099-10-26T11:00:00.000Z' },
  };

  it('counts down in days, hours, minutes and seconds on 403 RELEASE_SOON', async () => {
    stubFetch(
      happyPath({
        'GET /api/profile/me': releaseSoon,
        'POST /api/profile/status': { json: { ok: true, status: 'NO_PROFILE', reason: null } },
      }),
    );
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Скоро открытие' })).toBeTruthy();
    const countdown = screen.getByTestId('countdown').textContent ?? '';
    expect(countdown).toMatch(/^\d+(день|дня|дней)\d+(час|часа|часов)\d+(минута|минуты|минут)\d+(секунда|секунды|секунд)$/);
    expect(screen.getByText(/26 октября 2099.* 14:00 \(МСК\)/)).toBeTruthy();
    expect(screen.queryByText('Приложение')).toBeNull();
  });

  it('still holds the user back when the release moment is unknown', async () => {
    stubFetch(
      happyPath({
        'GET /api/profile/me': { status: 403, json: { ok: false, error: 'RELEASE_SOON', message: 'Приложение скоро откроется' } },
        'POST /api/profile/status': { json: { ok: true, status: 'NO_PROFILE', reason: null } },
      }),
    );
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Скоро открытие' })).toBeTruthy();
    expect(screen.queryByTestId('countdown')).toBeNull();
  });

  it('is not shown to an approved user', async () => {
    stubFetch(happyPath({ 'GET /api/profile/me': releaseSoon }));
    renderGate();
    expect(await screen.findByText('Приложение')).toBeTruthy();
  });
});
