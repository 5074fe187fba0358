import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import { installFakeSockets } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { ME, PEER, openChat } from './chat-harness';
import { chatMessage } from './chat-fixtures';

beforeEach(() => {
  installFakeSockets();
  signIn();
  localStorage.clear();
});

describe('stickers between minors', () => {
  it("blurs a sticker the server marks blurred until 'Показать'; unmarked and own stickers are clear", async () => {
    await openChat({
      messages: [
        chatMessage({
          seq: 1,
          messageType: 'STICKER',
          text: null,
          stickerId: '5',
          stickerUrl: '/cdn/images/s1/media?w=256',
          blurred: true,
        }),
        chatMessage({
          id: '2',
          seq: 2,
          messageType: 'STICKER',
          text: null,
          stickerId: '6',
          stickerUrl: '/cdn/images/s2/media?w=256',
          blurred: false,
        }),
        chatMessage({
          id: '3',
          seq: 3,
          senderId: ME,
          messageType: 'STICKER',
          text: null,
          stickerId: '7',
          stickerUrl: '/cdn/images/s3/media?w=256',
          blurred: true,
        }),
      ],
    });
    const stickers = await screen.findAllByAltText('Стикер');
    expect(stickers.map((s) => s.getAttribute('data-blurred'))).toEqual(['true', null, null]);
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    expect(screen.getAllByAltText('Стикер').map((s) => s.getAttribute('data-blurred'))).toEqual([null, null, null]);
  });
});

describe("the chat's own menu", () => {
  it('blocks the peer after the same confirmation as the peer profile', async () => {
    useToasts.setState({ toasts: [] });
    const { calls } = await openChat({
      routes: { 'POST /api/privacy/settings': { json: { ok: true, message: 'Пользователь заблокирован' } } },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Действия с чатом' }));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Заблокировать' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('Заблокировать пользователя?');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Заблокировать' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ action: 'addToBlacklist', userId: PEER }));
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.text)).toContain('Пользователь заблокирован'));
  });

  it('reports the peer with the shared report dialog', async () => {
    const { calls } = await openChat({ routes: { 'POST /api/profile/report': { json: { ok: true, message: 'Жалоба отправлена' } } } });
    fireEvent.click(screen.getByRole('button', { name: 'Действия с чатом' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Пожаловаться' }));
    const dialog = await screen.findByRole('dialog', { name: 'Пожаловаться' });
    fireEvent.click(within(dialog).getAllByRole('radio')[0]!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(calls.find((c) => c.url.pathname === '/api/profile/report')?.body).toMatchObject({ reportedUserId: PEER }));
    expect(calls.find((c) => c.url.pathname === '/api/profile/report')?.body).not.toHaveProperty('messageId');
  });

  it("moves the chat to the archive with 'В архив' and back with 'Из архива' (POST /api/chat/archive)", async () => {
    useToasts.setState({ toasts: [] });
    const { calls } = await openChat({
      routes: {
        'POST /api/chat/archive': (request) => ({
          json: { ok: true, chatId: '7', archived: request.body?.archived },
        }),
      },
    });
    const archiveCalls = () => calls.filter((c) => c.url.pathname === '/api/chat/archive').map((c) => c.body);
    fireEvent.click(screen.getByRole('button', { name: 'Действия с чатом' }));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'В архив' }));
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.text)).toContain('Чат перенесён в архив'));
    expect(archiveCalls()).toEqual([expect.objectContaining({ chatId: '7', archived: true })]);
    fireEvent.click(screen.getByRole('button', { name: 'Действия с чатом' }));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Из архива' }));
    await waitFor(() => expect(useToasts.getState().toasts.map((t) => t.text)).toContain('Чат возвращён из архива'));
    expect(archiveCalls().at(-1)).toMatchObject({ chatId: '7', archived: false });
  });

  it("offers 'Из архива' in an archived chat", async () => {
    await openChat({ info: { archived: true } });
    fireEvent.click(screen.getByRole('button', { name: 'Действия с чатом' }));
    expect(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Из архива' })).toBeTruthy();
    expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: 'В архив' })).toBeNull();
  });

  it('is not offered once the chat is closed', async () => {
    await openChat({ info: { readOnly: true, readOnlyReason: 'UNAVAILABLE', title: 'Чат закрыт' } });
    expect(screen.queryByRole('button', { name: 'Действия с чатом' })).toBeNull();
  });
});
