import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import PeerProfileScreen from '../../../../webapp/features/profile/components/peer-profile-screen';
import { cardOf } from '../../components/profile-card/card-fixtures';
import { stubFetch } from '../../support/fetch-stub';
import { signIn, testUser } from '../../support/session';
import { location, renderScreen, toastTexts } from './render-screen';

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  signIn(testUser({ telegramId: 100010 }));
});

const byUser = (id = '100040') => renderScreen(<PeerProfileScreen by="user" />, { path: `/u/${id}`, route: '/u/:userId' });

describe('peer profile', () => {
  it("shows the other user's card with report and block actions", async () => {
    const calls = stubFetch({ 'GET /api/profile/view': { json: { ok: true, profile: cardOf() } } });
    byUser();
    expect(await screen.findByRole('article', { name: 'Глеб, 15' })).toBeTruthy();
    expect(calls[0]?.url.searchParams.get('userId')).toBe('100040');
    expect(screen.getByRole('button', { name: 'Пожаловаться' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Заблокировать' })).toBeTruthy();
  });

  it('asks a chat for its peer on /u/by-chat/{chatId}', async () => {
    const calls = stubFetch({ 'GET /api/profile/view-by-chat': { json: { ok: true, profile: cardOf({ displayName: 'Соня' }) } } });
    renderScreen(<PeerProfileScreen by="chat" />, { path: '/u/by-chat/55', route: '/u/by-chat/:chatId' });
    expect(await screen.findByRole('article', { name: 'Соня, 15' })).toBeTruthy();
    expect(calls[0]?.url.searchParams.get('chatId')).toBe('55');
  });

  it("says 'Профиль не найден.' on 404", async () => {
    stubFetch({ 'GET /api/profile/view': { status: 404, json: { ok: false, error: 'NOT_FOUND', message: 'Профиль не найден.' } } });
    byUser();
    expect((await screen.findByRole('alert')).textContent).toContain('Профиль не найден.');
  });

  it("shows the server's words, not 'HTTP 500', when the server fails", async () => {
    stubFetch({ 'GET /api/profile/view': { status: 500, json: { ok: false, error: 'INTERNAL', message: 'Внутренняя ошибка сервера' } } });
    byUser();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить профиль');
    expect(alert.textContent).toContain('Внутренняя ошибка сервера');
    expect(alert.textContent).not.toContain('HTTP');
    expect(screen.getByRole('button', { name: 'Повторить' })).toBeTruthy();
  });

  it("says 'Не удалось загрузить профиль' and 'Ошибка загрузки профиля' when the network fails", async () => {
    stubFetch({ 'GET /api/profile/view': new TypeError('Failed to fetch') });
    byUser();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить профиль');
    expect(alert.textContent).toContain('Ошибка загрузки профиля');
  });

  it('hides the actions on the own card', async () => {
    stubFetch({ 'GET /api/profile/view': { json: { ok: true, profile: cardOf({ userId: '100010' }) } } });
    byUser('100010');
    await screen.findByRole('article');
    expect(screen.queryByRole('button', { name: 'Заблокировать' })).toBeNull();
  });

  it('blocks after a confirmation and points to the blacklist', async () => {
    const calls = stubFetch({
      'GET /api/profile/view': { json: { ok: true, profile: cardOf() } },
      'POST /api/privacy/settings': { json: { ok: true, message: 'Пользователь заблокирован' } },
    });
    const user = byUser();
    await user.click(await screen.findByRole('button', { name: 'Заблокировать' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Заблокировать' }));
    await waitFor(() => expect(toastTexts()).toContain('Пользователь заблокирован'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ action: 'addToBlacklist', userId: '100040' });
    expect(await screen.findByText('Пользователь заблокирован', { selector: 'p' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Чёрный список' }));
    expect(location()).toBe('/blacklist');
  });

  it('opens the report dialog for this user', async () => {
    stubFetch({ 'GET /api/profile/view': { json: { ok: true, profile: cardOf() } } });
    const user = byUser();
    await user.click(await screen.findByRole('button', { name: 'Пожаловаться' }));
    expect(await screen.findByRole('dialog', { name: 'Пожаловаться' })).toBeTruthy();
  });
});
