import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatPhoto } from '../../../../webapp/features/chat/components/chat-photo';
import { groupMessages } from '../../../../webapp/features/chat/lib/message-rows';
import { installFakeSockets, sent } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { ME, PEER, openChat, reconnect } from './chat-harness';
import { chatMessage } from './chat-fixtures';

beforeEach(() => {
  installFakeSockets();
  signIn();
  localStorage.clear();
});

describe('grouping', () => {
  const at = (min: number, sec = 0) => new Date(Date.UTC(2026, 2, 10, 9, min, sec)).toISOString();
  it('groups messages of one sender within 2 minutes', () => {
    const rows = groupMessages([
      { senderId: 'a', createdAt: at(0) },
      { senderId: 'a', createdAt: at(2) },
      { senderId: 'a', createdAt: at(4, 1) },
      { senderId: 'b', createdAt: at(4, 2) },
    ]);
    expect(rows.map((r) => [r.first, r.last])).toEqual([
      [true, false],
      [false, true],
      [true, true],
      [true, true],
    ]);
  });
});

describe('chat screen', () => {
  it('shows the header, own messages on the right and subscribes from the last seq', async () => {
    const { socket } = await openChat();
    expect(screen.getByText('Маша')).toBeTruthy();
    expect(screen.getByText('В сети')).toBeTruthy();
    // Telegram's BackButton leads back; the chat's one header has no '<' of its own.
    expect(screen.queryByRole('button', { name: 'Назад' })).toBeNull();
    expect(screen.getByText('Здравствуй').closest('li')?.getAttribute('data-own')).toBe('true');
    expect(screen.getByText('Привет').closest('li')?.getAttribute('data-own')).toBe('false');
    await waitFor(() =>
      expect(sent(socket, 'messages').some((m) => m.t === 'subscribe' && (m.data as { afterSeq?: number }).afterSeq === 2)).toBe(true),
    );
  });

  it('disables send for blank text', async () => {
    await openChat();
    const send = screen.getByRole('button', { name: 'Отправить' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: '   \n ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: 'Как дела?' } });
    expect(send.disabled).toBe(false);
  });

  it('shows a sent message as pending until the server confirms it, and resends it after a reconnect', async () => {
    const { socket } = await openChat();
    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: 'Как дела?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    const request = sent(socket, 'messages').find((m) => m.t === 'send');
    const { clientId, text } = request?.data as { clientId: string; text: string };
    expect(text).toBe('Как дела?');
    expect(request?.cid).toBe(clientId);
    expect(screen.getByText('Как дела?').closest('[aria-busy]')).toBeTruthy();
    expect(screen.getByLabelText('Отправляется')).toBeTruthy();

    // The socket drops before the answer: on the new socket the same clientId goes again.
    const next = await reconnect(socket);
    const resent = sent(next, 'messages').filter((m) => m.t === 'send');
    expect(resent.length).toBeGreaterThan(0);
    expect(resent.every((m) => (m.data as { clientId: string }).clientId === clientId)).toBe(true);

    const stored = chatMessage({ id: '3', seq: 3, senderId: ME, clientId, text: 'Как дела?', createdAt: new Date().toISOString() });
    await act(async () => next.receive({ ch: 'messages', t: 'sent', cid: clientId, data: { message: stored, duplicate: false } }));
    expect(screen.getAllByText('Как дела?')).toHaveLength(1);
    expect(screen.getByText('Как дела?').closest('[aria-busy]')).toBeNull();
    expect(screen.queryByLabelText('Отправляется')).toBeNull();
  });

  it('adds pushed messages of the chat', async () => {
    const { socket } = await openChat();
    await act(async () =>
      socket.receive({ ch: 'messages', t: 'message', data: { chatId: '7', message: chatMessage({ id: '9', seq: 9, text: 'Новое' }) } }),
    );
    expect(screen.getByText('Новое')).toBeTruthy();
  });

  it('shows the read-only notice instead of the composer when the chat is closed by age', async () => {
    await openChat({ info: { readOnly: true, readOnlyReason: 'AGE', notice: null } });
    expect(screen.getByText('Чат закрыт: возрастные ограничения')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Отправить' })).toBeNull();
  });

  it('shows a closed chat as its row does: a lock and the title, no presence, and why in place of the input (issue 40 item 3)', async () => {
    await openChat({
      info: { readOnly: true, readOnlyReason: 'UNAVAILABLE', title: 'Чат закрыт', isOnline: false, notice: 'Чат недоступен' },
    });
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Чат закрыт')).toBeTruthy();
    expect(within(header).getByTestId('closed-avatar')).toBeTruthy();
    expect(within(header).queryByText('был(а) недавно')).toBeNull();
    expect(within(header).queryByText('В сети')).toBeNull();
    expect(within(header).queryByRole('button', { name: /Профиль/ })).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Чат недоступен');
    expect(screen.queryByLabelText('Сообщение')).toBeNull();
  });

  it('blurs an incoming photo until it is revealed, own photos are clear', async () => {
    await openChat({
      messages: [
        chatMessage({ seq: 1, messageType: 'PHOTO', text: null, photoUrl: '/cdn/images/a/media', blurred: true }),
        chatMessage({ id: '2', seq: 2, senderId: ME, messageType: 'PHOTO', text: null, photoUrl: '/cdn/images/b/media', blurred: true }),
      ],
    });
    const photos = await screen.findAllByAltText('Фото');
    expect(photos[0]?.getAttribute('data-blurred')).toBe('true');
    expect(photos[1]?.getAttribute('data-blurred')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    expect(screen.getAllByAltText('Фото')[0]?.getAttribute('data-blurred')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Показать' })).toBeNull();
  });
});

describe('reporting a message', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens the shared report dialog from the context menu and sends the message id', async () => {
    await openChat();
    const reports: unknown[] = [];
    const original = globalThis.fetch;
    // Vitest's documented stand-in for a global: undone with the others after the test (vi.unstubAllGlobals).
    vi.stubGlobal('fetch', (async (input: string | URL, init?: RequestInit) => {
      if (String(input).includes('/profile/report')) {
        reports.push(JSON.parse(String(init?.body)));
        return new Response(JSON.stringify({ ok: true, message: 'Жалоба отправлена' }), {
          headers: { 'content-type': 'application/json' },
        });
      }
      return original(input, init);
    }) as typeof fetch);
    // An own message can be copied but not reported.
    fireEvent.contextMenu(screen.getByText('Здравствуй'));
    expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: 'Пожаловаться' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Отмена' }));
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.contextMenu(screen.getByText('Привет'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Пожаловаться' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getAllByRole('radio')[0]!);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]).toMatchObject({ reportedUserId: PEER, messageId: '1' });
  });
});

describe('blurred photo', () => {
  it("reveals on 'Показать'", () => {
    render(<ChatPhoto url="/x" blurred />);
    expect(screen.getByAltText('Фото').getAttribute('data-blurred')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    expect(screen.getByAltText('Фото').getAttribute('data-blurred')).toBeNull();
  });
});
