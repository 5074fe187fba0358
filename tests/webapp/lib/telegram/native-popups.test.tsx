import { render, screen, waitFor } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmBlock } from '../../../../webapp/components/profile-card/confirm-block';
import { ConfirmHost } from '../../../../webapp/components/ui/confirm-host';
import { confirmAction } from '../../../../webapp/components/ui/confirm-store';
import { appReload, deleteAccountWithConfirmations } from '../../../../webapp/features/privacy/lib/delete-account-flow';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { signIn } from '../../support/session';
import { connectTelegramClient, type FakeTelegramClient } from '../../support/telegram-client';

let client: FakeTelegramClient;
const POPUP = 'web_app_open_popup';
/** The client answers a pop-up the way the user taps it. */
const tap = (buttonId: string) => (client.answers[POPUP] = () => client.send('popup_closed', { button_id: buttonId }));

beforeAll(() => {
  client = connectTelegramClient();
});
beforeEach(() => {
  client.posted = [];
  client.answers = {};
  signIn();
});

describe('destructive confirmations ask with Telegram’s native pop-up', () => {
  it('block: the pop-up names the action in red; confirming blocks, with no in-app dialog', async () => {
    tap('confirm');
    const calls = stubFetch({ 'POST /api/privacy/settings': { json: { ok: true, message: 'ok' } } });
    render(<ConfirmHost />);
    await expect(confirmBlock('12')).resolves.toBe(true);
    expect(client.last(POPUP)).toMatchObject({
      title: 'Заблокировать пользователя?',
      message: expect.stringContaining('Вы перестанете видеть друг друга'),
      buttons: [
        { id: 'cancel', type: 'default', text: 'Отмена' },
        { id: 'confirm', type: 'destructive', text: 'Заблокировать' },
      ],
    });
    expect(calls.map((c) => c.body?.action)).toEqual(['addToBlacklist']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('cancel or a tap outside the pop-up changes nothing', async () => {
    const calls = stubFetch({});
    tap('cancel');
    await expect(confirmBlock('12')).resolves.toBe(false);
    client.answers[POPUP] = () => client.send('popup_closed', {});
    await expect(confirmAction({ title: 'Удалить сообщение?', confirmText: 'Удалить', destructive: true })).resolves.toBe(false);
    expect(client.last(POPUP)).toMatchObject({ message: 'Удалить сообщение?' });
    expect(calls).toHaveLength(0);
  });

  it('account deletion asks twice, both times natively, and deletes only after the second yes', async () => {
    tap('confirm');
    vi.spyOn(appReload, 'run').mockImplementation(() => undefined);
    const calls = stubFetch({ 'POST /api/privacy/delete-account': { json: { ok: true, message: 'Аккаунт удалён' } } });
    render(<ConfirmHost />);
    await expect(deleteAccountWithConfirmations()).resolves.toBe(true);
    const asked = client.posted.filter((p) => p.name === POPUP).map((p) => p.data?.title);
    expect(asked).toEqual(['Удалить аккаунт?', 'Удалить навсегда?']);
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/privacy/delete-account']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a confirmation that destroys nothing keeps the app’s own dialog', async () => {
    render(<ConfirmHost />);
    void confirmAction({ title: 'Разблокировать?', confirmText: 'Разблокировать' });
    expect(await screen.findByRole('alertdialog')).toBeTruthy();
    expect(client.last(POPUP)).toBeUndefined();
  });
});

describe('the Settings item of Telegram’s ⋯ menu', () => {
  it('is shown in the app and opens its settings (the same as the wide header’s gear)', async () => {
    stubFetch({});
    renderAt('/help');
    await waitFor(() => expect(client.last('web_app_setup_settings_button')).toEqual({ is_visible: true }));
    client.send('settings_button_pressed');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/theme'));
  });
});
