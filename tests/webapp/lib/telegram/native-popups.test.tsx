import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmBlock } from '../../../../webapp/components/profile-card/confirm-block';
import { ConfirmHost } from '../../../../webapp/components/ui/confirm-host';
import { confirmAction, settleConfirm } from '../../../../webapp/components/ui/confirm-store';
import LikesHistoryRoute from '../../../../webapp/app/likes-history-route';
import { appReload, deleteAccountWithConfirmations } from '../../../../webapp/features/privacy/lib/delete-account-flow';
import { openChat, resetChatTest, sentOf } from '../../features/chat/chat-harness';
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
  // An in-app dialog an earlier test left open would answer for the next one.
  settleConfirm(false);
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

describe('each destructive confirmation of the issue goes through it from its own screen', () => {
  it('delete message: the chat asks natively and deletes only on confirm', async () => {
    resetChatTest();
    tap('cancel');
    const { socket } = await openChat();
    const remove = () => {
      fireEvent.contextMenu(screen.getByText('Здравствуй'));
      fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Удалить' }));
    };
    remove();
    await waitFor(() => expect(client.last(POPUP)).toMatchObject({ title: 'Удалить сообщение?' }));
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(sentOf(socket, 'delete')).toEqual([]);
    tap('confirm');
    remove();
    await waitFor(() => expect(sentOf(socket, 'delete')).toEqual([expect.objectContaining({ data: { chatId: '7', messageId: '2' } })]));
    expect(client.posted.filter((p) => p.name === POPUP)).toHaveLength(2);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("clear likes: 'Удалить старые лайки' asks natively, in red, and clears only on confirm", async () => {
    tap('confirm');
    const calls = stubFetch({
      'GET /api/likes/history': {
        json: {
          ok: true,
          likes: [],
          totalCount: 0,
          myLikesCount: 0,
          receivedLikesCount: 0,
          matchedCount: 0,
          unmatchedCount: 0,
          pagination: { page: 1, limit: 20, hasNext: false },
        },
      },
      'POST /api/likes/clear-old': { json: { ok: true, removed: 2, message: 'Удалено старых лайков: 2' } },
    });
    render(
      <>
        <LikesHistoryRoute />
        <ConfirmHost />
      </>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить старые лайки' }));
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/likes/clear-old').map((c) => c.method)).toEqual(['POST']));
    expect(client.last(POPUP)).toMatchObject({
      title: 'Удалить старые лайки?',
      buttons: [
        { id: 'cancel', type: 'default', text: 'Отмена' },
        { id: 'confirm', type: 'destructive', text: 'Удалить' },
      ],
    });
    expect(screen.queryByRole('alertdialog')).toBeNull();
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
