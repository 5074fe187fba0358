import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import ProfileMenuScreen from '../../../../webapp/features/profile/components/profile-menu-screen';
import { menuDisplayName } from '../../../../webapp/features/profile/lib/display-name';
import { stubFetch } from '../../support/fetch-stub';
import { ADMIN, MODERATOR, signIn, testUser } from '../../support/session';
import { renderScreen, toastTexts } from './render-screen';

const TG_PHOTO = 'https://t.me/i/userpic/320/me.jpg';
const MAIN_PHOTO = '/cdn/images/dddddddddddddddddddddddd/profile';
/** GET /api/profile/avatar as the server answers it: `custom` is the uploaded avatar, if any. */
const avatarInfo = ({
  custom = null,
  main = null,
  telegram = TG_PHOTO,
}: { custom?: string | null; main?: string | null; telegram?: string | null } = {}) => ({
  json: {
    ok: true,
    photoUrl: custom ?? main ?? telegram,
    isCustom: custom !== null,
    needsUpdate: !(custom ?? main ?? telegram),
    telegramPhotoUrl: telegram,
    profilePhotoUrl: main,
  },
});
const withTelegramPhoto = { 'GET /api/profile/avatar': avatarInfo() };

beforeEach(() => {
  useToasts.setState({ toasts: [] });
  stubFetch(withTelegramPhoto);
});

describe('display name', () => {
  it.each([
    [{ firstName: 'Артём', lastName: 'Ким', username: 'artem', telegramId: 7 }, 'Артём Ким'],
    [{ firstName: 'Артём', lastName: null, username: 'artem', telegramId: 7 }, 'Артём'],
    [{ firstName: '  ', lastName: null, username: 'artem', telegramId: 7 }, 'artem'],
    [{ firstName: null, lastName: null, username: null, telegramId: 100010 }, 'ID 100010'],
    [{ firstName: null, lastName: null, username: null, telegramId: null }, 'Пользователь'],
  ])('%j reads "%s"', (user, name) => {
    expect(menuDisplayName(user)).toBe(name);
  });

  it('heads the menu with the name, @username and the avatar status', async () => {
    signIn(testUser({ firstName: null, lastName: null, username: null, telegramId: 4242 }));
    renderScreen(<ProfileMenuScreen />);
    expect(screen.getByTestId('profile-name').textContent).toBe('ID 4242');
    expect(await screen.findByText('Используется фото из Telegram')).toBeTruthy();
    act(() => signIn(testUser({ username: 'artem', customPhotoUrl: '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/avatar' })));
    expect(screen.getByText('@artem')).toBeTruthy();
    expect(screen.getByText('Используется загруженное фото')).toBeTruthy();
  });
});

describe('profile menu', () => {
  it('lists help and the settings, and staff entries by role', () => {
    signIn(testUser());
    renderScreen(<ProfileMenuScreen />);
    for (const label of ['Справка', 'Наша позиция', 'Моя анкета', 'Приватность', 'Оформление', 'Уведомления'])
      expect(screen.getByRole('link', { name: label })).toBeTruthy();
    // A screen that does not exist yet is not offered (AMENDMENTS §4.2).
    expect(screen.queryByRole('link', { name: 'Рекомендации' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Панель модерации' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Админ-панель' })).toBeNull();
  });

  it('shows the moderation panel to moderators and the admin panel to admins only', () => {
    signIn(MODERATOR);
    renderScreen(<ProfileMenuScreen />);
    expect(screen.getByRole('link', { name: 'Панель модерации' }).getAttribute('href')).toBe('/moderation');
    expect(screen.queryByRole('link', { name: 'Админ-панель' })).toBeNull();
    act(() => signIn(ADMIN));
    expect(screen.getByRole('link', { name: 'Админ-панель' }).getAttribute('href')).toBe('/admin');
  });

  it("shows 'На модерации' while the description is reviewed, and a 5 s toast when tapped", async () => {
    signIn(
      testUser({
        profile: { displayName: 'Аня', city: 'Москва', initialModerationStatus: 'APPROVED', descriptionModerationStatus: 'PENDING' },
      }),
    );
    const user = renderScreen(<ProfileMenuScreen />);
    await user.click(screen.getByRole('button', { name: 'На модерации' }));
    const toast = useToasts.getState().toasts.at(-1);
    expect(toast).toMatchObject({ text: 'Анкета на модерации', durationMs: 5000 });
    expect(toast?.description).toMatch(/несколько часов/);
  });

  it('shows no badge once the profile is approved', () => {
    signIn(
      testUser({
        profile: { displayName: 'Аня', city: 'Москва', initialModerationStatus: 'APPROVED', descriptionModerationStatus: 'APPROVED' },
      }),
    );
    renderScreen(<ProfileMenuScreen />);
    expect(screen.queryByRole('button', { name: 'На модерации' })).toBeNull();
  });
});

describe('avatar dropdown', () => {
  const open = async (user: ReturnType<typeof renderScreen>) => user.click(screen.getByRole('button', { name: 'Сменить аватар' }));
  const pick = (file: File) =>
    act(() => {
      const input = screen.getByTestId('avatar-file') as HTMLInputElement;
      Object.defineProperty(input, 'files', { configurable: true, value: [file] });
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });

  it('offers the Telegram photo and an upload', async () => {
    signIn(testUser({ customPhotoUrl: '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/avatar' }));
    const user = renderScreen(<ProfileMenuScreen />);
    await screen.findByText('Используется загруженное фото');
    await waitFor(() => expect(document.querySelector('img')).toBeTruthy());
    await open(user);
    expect(screen.getByRole('menuitem', { name: 'Использовать фото из Telegram' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Загрузить новое фото' })).toBeTruthy();
  });

  it('refuses other types and files over 5 MB before sending anything', async () => {
    const calls = stubFetch({});
    signIn(testUser());
    renderScreen(<ProfileMenuScreen />);
    pick(new File(['gif'], 'a.gif', { type: 'image/gif' }));
    await waitFor(() => expect(toastTexts()).toContain('Поддерживаются JPEG/PNG/WebP'));
    pick(new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(toastTexts()).toContain('Файл слишком большой (>5MB)'));
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('uploads a new avatar, makes it the custom photo and says so', async () => {
    const url = '/cdn/images/bbbbbbbbbbbbbbbbbbbbbbbb/avatar';
    const calls = stubFetch({
      ...withTelegramPhoto,
      'POST /api/cdn/images/upload': { json: { ok: true, id: 'bbbbbbbbbbbbbbbbbbbbbbbb', url } },
      'POST /api/profile/avatar/update': { json: { ok: true, photoUrl: url, message: 'Аватар обновлён' } },
    });
    signIn(testUser());
    renderScreen(<ProfileMenuScreen />);
    pick(new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(screen.getByText('Используется загруженное фото')).toBeTruthy());
    expect(calls.find((c) => c.url.pathname === '/api/profile/avatar/update')?.body).toMatchObject({ photoUrl: url });
    expect(toastTexts()).toContain('Аватар обновлён');
  });

  it('goes back to the Telegram photo', async () => {
    stubFetch({
      ...withTelegramPhoto,
      'POST /api/profile/avatar/remove': { json: { ok: true, message: 'Используется фото из Telegram' } },
    });
    signIn(testUser({ customPhotoUrl: '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/avatar' }));
    const user = renderScreen(<ProfileMenuScreen />);
    await waitFor(() => expect(document.querySelector('img')).toBeTruthy());
    await open(user);
    await user.click(screen.getByRole('menuitem', { name: 'Использовать фото из Telegram' }));
    await waitFor(() => expect(screen.getByText('Используется фото из Telegram', { selector: 'p' })).toBeTruthy());
  });

  it("says 'Не удалось сохранить аватар' when the server refuses the photo", async () => {
    stubFetch({
      ...withTelegramPhoto,
      'POST /api/cdn/images/upload': { json: { ok: true, id: 'b'.repeat(24), url: `/cdn/images/${'b'.repeat(24)}/avatar` } },
      'POST /api/profile/avatar/update': {
        status: 400,
        json: { ok: false, error: 'BAD_REQUEST', message: 'Загрузите фото как аватар (variant=avatar)' },
      },
    });
    signIn(testUser());
    renderScreen(<ProfileMenuScreen />);
    pick(new File(['jpeg'], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(toastTexts()).toContain('Не удалось сохранить аватар'));
    expect(await screen.findByText('Используется фото из Telegram')).toBeTruthy();
  });

  describe('an avatar that does not load', () => {
    const broken = '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/avatar';
    const fail = () => act(() => void document.querySelector('img')?.dispatchEvent(new Event('error')));

    it('asks the server for the current one and shows it', async () => {
      const fresh = '/cdn/images/cccccccccccccccccccccccc/avatar';
      const calls = stubFetch({ 'GET /api/profile/avatar': avatarInfo({ custom: fresh, telegram: null }) });
      signIn(testUser({ customPhotoUrl: broken }));
      renderScreen(<ProfileMenuScreen />);
      await waitFor(() => expect(calls).toHaveLength(1));
      fail();
      await waitFor(() => expect(document.querySelector('img')?.getAttribute('src')).toContain('cccccccccccccccccccccccc'));
      // The tab's own look, then one fresh look for the broken picture.
      expect(calls.filter((c) => c.url.pathname === '/api/profile/avatar')).toHaveLength(2);
      expect(screen.queryByText('Не удалось получить аватар')).toBeNull();
    });

    it("says 'Не удалось получить аватар' when the server cannot give one", async () => {
      stubFetch({
        'GET /api/profile/avatar': { status: 500, json: { ok: false, error: 'INTERNAL', message: 'Внутренняя ошибка сервера' } },
      });
      signIn(testUser({ customPhotoUrl: broken }));
      renderScreen(<ProfileMenuScreen />);
      fail();
      expect((await screen.findByRole('status')).textContent).toBe('Не удалось получить аватар');
    });
  });
});

describe('the avatar the profile tab shows (issue 40 item 7)', () => {
  const img = () => document.querySelector('header img');

  it('shows the main approved photo rather than Telegram’s, and offers it back after an upload', async () => {
    stubFetch({ 'GET /api/profile/avatar': avatarInfo({ main: MAIN_PHOTO }) });
    signIn(testUser({ photoUrl: TG_PHOTO }));
    const user = renderScreen(<ProfileMenuScreen />);
    expect(await screen.findByText('Используется фото анкеты')).toBeTruthy();
    expect(img()?.getAttribute('src')).toContain('dddddddddddddddddddddddd');
    act(() => signIn(testUser({ photoUrl: TG_PHOTO, customPhotoUrl: '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/avatar' })));
    expect(img()?.getAttribute('src')).toContain('aaaaaaaaaaaaaaaaaaaaaaaa');
    await user.click(screen.getByRole('button', { name: 'Сменить аватар' }));
    expect(screen.getByRole('menuitem', { name: 'Использовать фото анкеты' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Использовать фото из Telegram' })).toBeNull();
  });

  it('without any photo: no letter, no word about Telegram, and no way back to a photo that is not there', async () => {
    const calls = stubFetch({ 'GET /api/profile/avatar': avatarInfo({ telegram: null }) });
    signIn(testUser({ firstName: 'Артём' }));
    const user = renderScreen(<ProfileMenuScreen />);
    await waitFor(() => expect(calls).toHaveLength(1));
    await waitFor(() => expect(document.querySelector('[data-avatar]')?.getAttribute('data-avatar')).toBe('none'));
    expect(img()).toBeNull();
    expect(screen.getByRole('button', { name: 'Сменить аватар' }).textContent).not.toContain('А');
    expect(screen.queryByText(/Используется/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Сменить аватар' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Загрузить новое фото']);
  });
});
