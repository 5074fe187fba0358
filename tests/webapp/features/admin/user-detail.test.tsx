import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BAN_PRESETS } from '../../../../contracts/moderation-reasons';
import type { UserDetails } from '../../../../contracts/admin';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import { stubFetch, type Route, type StubRequest } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { ADMIN, MODERATOR, signIn, testUser } from '../../support/session';
import { fetchUserDetails } from '../../../../webapp/features/admin/api/user-admin-api';
import { useUserDetails } from '../../../../webapp/features/admin/hooks/use-user-details';
import { details, expectLatestAnswerOnly, renderHosts } from './fixtures';

// The first test of a file also waits for the lazily loaded admin chunks to compile.
vi.setConfig({ testTimeout: 15_000 });

// The real call, which a test can replace once to answer late.
vi.mock('../../../../webapp/features/admin/api/user-admin-api', async (actual) => {
  const real = await actual<typeof import('../../../../webapp/features/admin/api/user-admin-api')>();
  return { ...real, fetchUserDetails: vi.fn(real.fetchUserDetails) };
});

// Toasts live in a store of their own: one test's must not be found by the next.
beforeEach(() => {
  useToasts.setState({ toasts: [] });
  renderHosts();
});

const PATH = '/admin/user/100012';
const OK = { json: { ok: true } };
const loaded = () => screen.findByRole('heading', { level: 3, name: 'Миша' }, { timeout: 10_000 });
/** Outside /api the real server answers HTML (GET) or a plain 404, so the client keeps the /api answer. */
const NO_FALLBACK: Record<string, Route> = {
  'GET /user/100012/details': { text: '<!doctype html>' },
  'PATCH /user/100012/profile': { status: 404, text: 'Not Found' },
};
const sent = (calls: StubRequest[], method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path);

function serve(shown: UserDetails | (() => UserDetails), routes: Record<string, Route> = {}) {
  return stubFetch({
    'GET /api/user/100012/details': () => ({ json: typeof shown === 'function' ? shown() : shown }),
    ...NO_FALLBACK,
    ...routes,
  });
}

/** Confirms (or cancels) the dialog that asks before an action is sent. */
async function answerConfirm(confirmText: string) {
  const dialog = await screen.findByRole('alertdialog');
  await userEvent.click(within(dialog).getByRole('button', { name: confirmText }));
}

describe('the user detail for an admin', () => {
  beforeEach(() => signIn(ADMIN));

  it('bans with a reason after a confirmation, then shows the ban', async () => {
    let banned = false;
    const calls = serve(
      () =>
        details({ user: banned ? { isBanned: true, banReason: 'Спам в чатах и оскорбления', bannedAt: '2026-11-21T10:00:00.000Z' } : {} }),
      { 'PATCH /api/user/100012/account': () => ((banned = true), OK) },
    );
    renderAt(PATH);
    await loaded();
    await userEvent.click(screen.getByTestId('action-ban'));
    const sheet = await screen.findByRole('dialog', { name: 'Заблокировать' });
    const reason = within(sheet).getByPlaceholderText('От 20 до 500 символов');
    await userEvent.type(reason, '  Спам в чатах и оскорбления ');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Заблокировать' }));
    expect(sent(calls, 'PATCH', '/api/user/100012/account')).toHaveLength(0);
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Причина: Спам в чатах и оскорбления');
    await answerConfirm('Заблокировать');
    await waitFor(() => expect(sent(calls, 'PATCH', '/api/user/100012/account')).toHaveLength(1));
    expect(sent(calls, 'PATCH', '/api/user/100012/account')[0]!.body).toMatchObject({
      isBanned: true,
      banReason: 'Спам в чатах и оскорбления',
    });
    expect(await screen.findByTestId('action-unban')).toBeTruthy();
    expect(screen.getByText('Причина блокировки').closest('li')!.textContent).toContain('Спам в чатах и оскорбления');
  });

  it('a ban needs a reason by the one rule (a preset is one tap); nothing is sent when it is not confirmed', async () => {
    const calls = serve(details(), { 'PATCH /api/user/100012/account': OK });
    renderAt(PATH);
    await loaded();
    await userEvent.click(screen.getByTestId('action-ban'));
    let sheet = await screen.findByRole('dialog', { name: 'Заблокировать' });
    expect((within(sheet).getByRole('button', { name: 'Заблокировать' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.type(within(sheet).getByLabelText('Причина'), 'Спам');
    expect((within(sheet).getByRole('button', { name: 'Заблокировать' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(sheet).getByRole('button', { name: BAN_PRESETS[0] }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Заблокировать' }));
    await answerConfirm('Отмена');
    expect(sent(calls, 'PATCH', '/api/user/100012/account')).toHaveLength(0);
    await userEvent.click(screen.getByTestId('action-ban'));
    sheet = await screen.findByRole('dialog', { name: 'Заблокировать' });
    await userEvent.click(within(sheet).getByRole('button', { name: BAN_PRESETS[3] }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Заблокировать' }));
    await answerConfirm('Заблокировать');
    await waitFor(() =>
      expect(sent(calls, 'PATCH', '/api/user/100012/account')[0]?.body).toMatchObject({ isBanned: true, banReason: BAN_PRESETS[3] }),
    );
  });

  it("unbans after a confirmation; a refusal shows 'Не удалось изменить статус блокировки' and the server's words", async () => {
    const calls = serve(details({ user: { isBanned: true, banReason: null, bannedAt: '2026-11-21T10:00:00.000Z' } }), {
      'PATCH /api/user/100012/account': { status: 403, json: { ok: false, error: 'FORBIDDEN', message: 'Нельзя заблокировать себя' } },
    });
    renderAt(PATH);
    await loaded();
    await userEvent.click(screen.getByTestId('action-unban'));
    await answerConfirm('Разблокировать');
    expect(await screen.findByText('Не удалось изменить статус блокировки')).toBeTruthy();
    expect(screen.getByText('Нельзя заблокировать себя')).toBeTruthy();
    expect(sent(calls, 'PATCH', '/api/user/100012/account')[0]!.body).toMatchObject({ isBanned: false, banReason: null });
  });

  it('changes the account type to one of USER, MODERATOR, ADMIN after a confirmation', async () => {
    const calls = serve(details(), { 'POST /api/admin/user/role': OK });
    renderAt(PATH);
    await loaded();
    await userEvent.click(screen.getByTestId('action-role'));
    const sheet = await screen.findByRole('dialog', { name: 'Тип аккаунта' });
    expect(
      within(sheet)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(['USER', 'MODERATOR', 'ADMIN']);
    await userEvent.click(within(sheet).getByRole('radio', { name: /Модератор/ }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Изменить' }));
    expect((await screen.findByRole('alertdialog')).textContent).toContain('Пользователь → Модератор');
    await answerConfirm('Изменить');
    await waitFor(() =>
      expect(sent(calls, 'POST', '/api/admin/user/role')[0]?.body).toMatchObject({ targetTelegramId: 100012, newRole: 'MODERATOR' }),
    );
  });

  it('deletes the account with an optional reason after a confirmation and goes back to the user list', async () => {
    const calls = serve(details(), {
      'POST /api/admin/user/delete': OK,
      'GET /api/users': { json: { ok: true, users: [], pagination: { page: 1, limit: 20, total: 0, pages: 0 } } },
    });
    renderAt(PATH);
    await loaded();
    await userEvent.click(screen.getByTestId('action-delete'));
    const sheet = await screen.findByRole('dialog', { name: 'Удалить аккаунт' });
    await userEvent.type(within(sheet).getByPlaceholderText('Укажите причину'), 'Просьба пользователя');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Удалить' }));
    await answerConfirm('Удалить');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/users'));
    expect(sent(calls, 'POST', '/api/admin/user/delete')[0]!.body).toMatchObject({
      targetTelegramId: 100012,
      reason: 'Просьба пользователя',
    });
  });

  it("edits a profile field in a sheet with the contract's limits; an empty number becomes null", async () => {
    const calls = serve(details(), { 'PATCH /api/user/100012/profile': OK });
    renderAt(PATH);
    await loaded();
    // The row reads in the unit of its value; the sheet names the unit it takes.
    expect(screen.getByTestId('profile-heightCm').textContent).toBe('Рост1.75 м');
    await userEvent.click(screen.getByTestId('profile-heightCm'));
    const sheet = await screen.findByRole('dialog', { name: 'Рост, см' });
    const input = within(sheet).getByLabelText('Рост, см');
    expect((input as HTMLInputElement).value).toBe('175');
    await userEvent.clear(input);
    await userEvent.type(input, '100');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('Рост: от 130 до 220 см');
    expect(sent(calls, 'PATCH', '/api/user/100012/profile')).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sent(calls, 'PATCH', '/api/user/100012/profile')[0]?.body).toMatchObject({ heightCm: null }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Рост, см' })).toBeNull());
  });

  it('edits photos as one URL per line, trimmed, empty lines dropped; at least one is needed', async () => {
    const calls = serve(details(), { 'PATCH /api/user/100012/profile': OK });
    renderAt(PATH);
    await loaded();
    await userEvent.click(screen.getByTestId('profile-photos'));
    const sheet = await screen.findByRole('dialog', { name: 'Фото' });
    const box = within(sheet).getByLabelText('Фото') as HTMLTextAreaElement;
    expect(box.value.split('\n')[0]).toMatch(/1\/profile$/);
    await userEvent.clear(box);
    await userEvent.type(box, '   {Enter}{Enter}');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('Укажите хотя бы одну ссылку на фото');
    await userEvent.clear(box);
    await userEvent.type(box, ' /cdn/images/a/profile {Enter}{Enter}/cdn/images/b/profile');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(sent(calls, 'PATCH', '/api/user/100012/profile')[0]?.body).toMatchObject({
        photos: ['/cdn/images/a/profile', '/cdn/images/b/profile'],
      }),
    );
  });

  it("keeps the sheet open and shows 'Не удалось сохранить анкету' with the server's message on failure", async () => {
    serve(details(), {
      'PATCH /api/user/100012/profile': { status: 404, json: { ok: false, error: 'NOT_FOUND', message: 'У пользователя нет анкеты' } },
    });
    renderAt(PATH);
    await loaded();
    await userEvent.click(screen.getByTestId('profile-city'));
    const sheet = await screen.findByRole('dialog', { name: 'Город' });
    await userEvent.type(within(sheet).getByLabelText('Город'), '-на-Волге');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Не удалось сохранить анкету')).toBeTruthy();
    expect(screen.getByText('У пользователя нет анкеты')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Город' })).toBeTruthy();
  });

  it("shows Telegram's fields (username, first and last name) read-only even to an admin, saying why", async () => {
    const calls = serve(details(), { 'PATCH /api/user/100012/account': OK });
    renderAt(PATH);
    await loaded();
    for (const key of ['username', 'firstName', 'lastName']) {
      const row = screen.getByTestId(`account-${key}`);
      expect(row.tagName, key).toBe('DIV');
      await userEvent.click(row);
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    expect(screen.getByText(/Эти поля приходят из Telegram и обновляются при каждом запуске/)).toBeTruthy();
    expect(sent(calls, 'PATCH', '/api/user/100012/account')).toHaveLength(0);
  });

  it('uploads a custom avatar with variant avatar, then sets it as the custom photo', async () => {
    const calls = stubFetch({
      'GET /api/user/100012/details': { json: details() },
      'POST /api/cdn/images/upload': { json: { ok: true, id: 'c'.repeat(24), url: `/cdn/images/${'c'.repeat(24)}/avatar` } },
      'PATCH /api/user/100012/account': OK,
    });
    renderAt(PATH);
    await loaded();
    const file = new File([new Uint8Array([1, 2, 3])], 'face.png', { type: 'image/png' });
    await userEvent.upload(screen.getByLabelText('Файл аватара'), file);
    await waitFor(() =>
      expect(sent(calls, 'PATCH', '/api/user/100012/account')[0]?.body).toMatchObject({
        customPhotoUrl: `/cdn/images/${'c'.repeat(24)}/avatar`,
      }),
    );
    expect(sent(calls, 'POST', '/api/cdn/images/upload')).toHaveLength(1);
  });

  it("says why screening refused an avatar ('Фото не прошло проверку: загрузите другое') and keeps the old one", async () => {
    const refused = 'Фото не прошло проверку: загрузите другое';
    const calls = stubFetch({
      'GET /api/user/100012/details': { json: details() },
      'POST /api/cdn/images/upload': { status: 400, json: { ok: false, error: 'PHOTO_REFUSED', message: refused } },
    });
    renderAt(PATH);
    await loaded();
    await userEvent.upload(screen.getByLabelText('Файл аватара'), new File([new Uint8Array([1, 2, 3])], 'face.png', { type: 'image/png' }));
    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Не удалось загрузить аватар');
    expect(toast.textContent).toContain(refused);
    expect(sent(calls, 'PATCH', '/api/user/100012/account')).toHaveLength(0);
  });
});

describe('the user detail for a moderator', () => {
  beforeEach(() => signIn(MODERATOR));

  it('is read-only: no actions, no editors, no avatar upload', async () => {
    serve(details({ canEdit: false }));
    renderAt(PATH);
    await loaded();
    expect(screen.queryByTestId('action-ban')).toBeNull();
    expect(screen.queryByTestId('action-delete')).toBeNull();
    expect(screen.queryByLabelText('Файл аватара')).toBeNull();
    expect(screen.getByTestId('profile-city').tagName).toBe('DIV');
    expect(screen.getByTestId('account-username').tagName).toBe('DIV');
    await userEvent.click(screen.getByTestId('profile-city'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(/Только просмотр/)).toBeTruthy();
  });

  it('corrects the birth date (AMENDMENTS §1.4) through its own call, and nothing else', async () => {
    const calls = serve(details({ canEdit: false, canEditBirthDate: true }), { 'PATCH /api/user/100012/birth-date': OK });
    renderAt(PATH);
    await loaded();
    expect(screen.getByTestId('profile-city').tagName).toBe('DIV');
    await userEvent.click(screen.getByTestId('profile-birthDate'));
    const sheet = await screen.findByRole('dialog', { name: 'Дата рождения' });
    const input = within(sheet).getByLabelText('Дата рождения') as HTMLInputElement;
    expect(input.value).toBe('2010-05-04');
    fireEvent.change(input, { target: { value: '2011-06-07' } });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(sent(calls, 'PATCH', '/api/user/100012/birth-date')[0]?.body).toEqual({ birthDate: '2011-06-07' }));
    expect(sent(calls, 'PATCH', '/api/user/100012/profile')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Дата рождения' })).toBeNull());
  });

  it('shows the birth date read-only when the server does not allow the correction', async () => {
    serve(details({ canEdit: false, canEditBirthDate: false }));
    renderAt(PATH);
    await loaded();
    expect(screen.getByTestId('profile-birthDate').tagName).toBe('DIV');
    await userEvent.click(screen.getByTestId('profile-birthDate'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the initial review with a link to the queue while not approved, and the history', async () => {
    serve(
      details({
        canEdit: false,
        profile: { initialModerationStatus: 'REJECTED' },
        initialReview: {
          itemId: 9,
          status: 'REJECTED',
          reason: 'На фото не видно лица, замените',
          resolvedAt: '2026-11-02T09:00:00.000Z',
          reviewer: { telegramId: 100002, label: '@demo_moderator' },
        },
        history: [
          {
            id: 3,
            at: '2026-11-03T12:00:00.000Z',
            action: 'user.ban',
            label: 'Заблокирован',
            actorId: 100001,
            details: { reason: 'Спам' },
          },
        ],
      }),
    );
    renderAt(PATH);
    await loaded();
    expect(screen.getByTestId('initial-status').textContent).toContain('Отклонено');
    expect(screen.getByText('На фото не видно лица, замените')).toBeTruthy();
    expect(screen.getByTestId('initial-review-link').getAttribute('href')).toBe(
      '/admin/profiles?userId=100012&type=INITIAL&status=PENDING',
    );
    const entry = screen.getByTestId('history-entry');
    expect(entry.textContent).toContain('Заблокирован');
    expect(entry.textContent).toContain('#100001');
    expect(entry.textContent).toContain('Спам');
  });

  it('has no link to the queue once the profile is approved', async () => {
    serve(details({ canEdit: false }));
    renderAt(PATH);
    await loaded();
    expect(screen.getByTestId('initial-status').textContent).toContain('Одобрено');
    expect(screen.queryByTestId('initial-review-link')).toBeNull();
  });

  it("says 'Не удалось загрузить данные пользователя' with the server's words and retries", async () => {
    let fail = true;
    stubFetch({
      ...NO_FALLBACK,
      'GET /api/user/100012/details': () =>
        fail
          ? { status: 404, json: { ok: false, error: 'NOT_FOUND', message: 'Пользователь не найден' } }
          : { json: details({ canEdit: false }) },
    });
    renderAt(PATH);
    expect(await screen.findByText('Не удалось загрузить данные пользователя', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText('Пользователь не найден')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await loaded();
  });
});

it("takes only the latest request's answer: an older one answering after a reload (even after the newer answer) is dropped", async () => {
  const named = (displayName: string) => details({ profile: { displayName } });
  await expectLatestAnswerOnly(vi.mocked(fetchUserDetails), () => useUserDetails(100012), 'details', [
    named('Первое'),
    named('Второе'),
    named('Третье'),
  ]);
});

it("refuses users without rights with 'Доступ запрещён'", async () => {
  signIn(testUser());
  renderAt(PATH);
  expect(await screen.findByText('Доступ запрещён', {}, { timeout: 10_000 })).toBeTruthy();
});
