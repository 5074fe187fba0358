import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_SHOW_MS } from '../../../../contracts/chat';
import { installFakeSockets } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { chatMessage } from './chat-fixtures';
import { ME, PEER, dropUntilRetry, openChat, sentOf } from './chat-harness';

beforeEach(() => {
  installFakeSockets();
  signIn();
  localStorage.clear();
});
afterEach(() => vi.useRealTimers());

const status = () => screen.getByTestId('chat-status').textContent;
const push = (socket: { receive(m: unknown): void }, t: string, data: unknown) =>
  act(async () => socket.receive({ ch: 'messages', t, data }));
const markOf = (text: string) => within(screen.getByText(text).closest('[data-shape]') as HTMLElement).getByRole('img');

describe('read receipts', () => {
  it('shows ✓ until the peer has read up to the message, then ✓✓ live, and ✓✓ from the stored mark on open', async () => {
    const messages = [chatMessage({ seq: 1, senderId: ME, text: 'раз' }), chatMessage({ id: '2', seq: 2, senderId: ME, text: 'два' })];
    const { socket } = await openChat({ messages, info: { peerReadSeq: 1 } });
    expect(markOf('раз').getAttribute('aria-label')).toBe('Прочитано');
    expect(markOf('два').getAttribute('aria-label')).toBe('Отправлено');
    await push(socket, 'read', { chatId: '7', readerId: PEER, lastReadSeq: 2 });
    expect(markOf('два').getAttribute('aria-label')).toBe('Прочитано');
  });
});

describe('typing', () => {
  it('shows печатает… while the peer types, and drops it on their message or after 5 s of silence', async () => {
    const { socket } = await openChat();
    expect(status()).toBe('В сети');
    await push(socket, 'typing', { chatId: '7', userId: PEER });
    expect(status()).toBe('печатает…');
    await push(socket, 'message', { chatId: '7', message: chatMessage({ id: '3', seq: 3, text: 'вот' }) });
    expect(status()).toBe('В сети');

    vi.useFakeTimers();
    await push(socket, 'typing', { chatId: '7', userId: PEER });
    expect(status()).toBe('печатает…');
    await act(async () => vi.advanceTimersByTime(TYPING_SHOW_MS - 100));
    expect(status()).toBe('печатает…');
    await act(async () => vi.advanceTimersByTime(200));
    expect(status()).toBe('В сети');
  });

  it('tells the peer at most once per 3 s while the viewer types', async () => {
    const { socket } = await openChat();
    const input = screen.getByLabelText('Сообщение');
    for (const value of ['П', 'Пр', 'При']) fireEvent.change(input, { target: { value } });
    expect(sentOf(socket, 'typing')).toEqual([expect.objectContaining({ data: { chatId: '7' } })]);
  });
});

describe('connection state', () => {
  it('shows Соединение… while the socket is down and the status again once it is back', async () => {
    const { socket } = await openChat();
    expect(status()).toBe('В сети');
    const retry = await dropUntilRetry(socket);
    expect(status()).toBe('Соединение…');
    await act(async () => retry.open());
    await waitFor(() => expect(status()).toBe('В сети'));
  });
});

describe('message menu: reply and delete', () => {
  it('replies with a quote: the composer shows it, the send carries replyToId, the bubble shows the quote', async () => {
    const { socket } = await openChat();
    fireEvent.contextMenu(screen.getByText('Привет'));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Ответить' }));
    expect(within(screen.getByRole('group', { name: 'Ответ на сообщение' })).getByText('Привет')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: 'И тебе привет' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    const [send] = sentOf(socket, 'send');
    expect(send?.data).toMatchObject({ chatId: '7', text: 'И тебе привет', replyToId: '1' });
    expect(screen.queryByRole('group', { name: 'Ответ на сообщение' })).toBeNull();
    const quote = { id: '1', senderId: PEER, messageType: 'TEXT' as const, preview: 'Привет', deleted: false };
    await push(socket, 'sent', {
      message: chatMessage({
        id: '3',
        seq: 3,
        senderId: ME,
        clientId: String((send?.data as { clientId: string }).clientId),
        text: 'И тебе привет',
        replyId: '1',
        replyTo: quote,
      }),
      duplicate: false,
    });
    const bubble = screen.getByText('И тебе привет').closest('[data-shape]') as HTMLElement;
    expect(within(bubble).getByTestId('reply-quote').textContent).toBe('Привет');
  });

  it('offers Удалить only on one’s own messages and deletes after the confirmation', async () => {
    const { socket } = await openChat();
    fireEvent.contextMenu(screen.getByText('Привет'));
    expect(within(screen.getByRole('menu')).queryByRole('menuitem', { name: 'Удалить' })).toBeNull();
    fireEvent.keyDown(window, { key: 'Escape' });
    fireEvent.contextMenu(screen.getByText('Здравствуй'));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Удалить' }));
    const confirm = await screen.findByRole('alertdialog');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(sentOf(socket, 'delete')).toEqual([expect.objectContaining({ data: { chatId: '7', messageId: '2' } })]));
  });

  it('shows Сообщение удалено in place of a message deleted by its author, live', async () => {
    const { socket } = await openChat();
    await push(socket, 'message', { chatId: '7', message: chatMessage({ seq: 1, text: null, deleted: true }) });
    expect(screen.queryByText('Привет')).toBeNull();
    expect(screen.getByText('Сообщение удалено')).toBeTruthy();
  });
});

describe('a deleted message in replies (issue 40 item 4)', () => {
  const quoteOf = (text: string) => within(screen.getByText(text).closest('[data-shape]') as HTMLElement).getByTestId('reply-quote');

  it('turns every quote of a message into Сообщение удалено the moment its deletion is pushed', async () => {
    const quote = { id: '1', senderId: PEER, messageType: 'TEXT' as const, preview: 'Секрет', deleted: false };
    const messages = [
      chatMessage({ seq: 1, text: 'Секрет' }),
      chatMessage({ id: '2', seq: 2, senderId: ME, text: 'Ответ раз', replyId: '1', replyTo: quote }),
      chatMessage({ id: '3', seq: 3, senderId: PEER, text: 'Ответ два', replyId: '1', replyTo: quote }),
    ];
    const { socket } = await openChat({ messages });
    expect(quoteOf('Ответ раз').textContent).toBe('Секрет');
    await push(socket, 'message', { chatId: '7', message: chatMessage({ seq: 1, text: null, deleted: true }) });
    expect(screen.queryByText('Секрет')).toBeNull();
    expect(quoteOf('Ответ раз').textContent).toBe('Сообщение удалено');
    expect(quoteOf('Ответ два').textContent).toBe('Сообщение удалено');
  });

  it('drops the reply being written when the message it answers is deleted meanwhile', async () => {
    const { socket } = await openChat();
    fireEvent.contextMenu(screen.getByText('Привет'));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Ответить' }));
    expect(screen.getByRole('group', { name: 'Ответ на сообщение' })).toBeTruthy();
    await push(socket, 'message', { chatId: '7', message: chatMessage({ seq: 1, text: null, deleted: true }) });
    expect(screen.queryByRole('group', { name: 'Ответ на сообщение' })).toBeNull();
  });

  it('does the same from the author’s own deleted reply', async () => {
    const quote = { id: '2', senderId: ME, messageType: 'TEXT' as const, preview: 'Моё', deleted: false };
    const messages = [
      chatMessage({ id: '2', seq: 1, senderId: ME, text: 'Моё' }),
      chatMessage({ id: '3', seq: 2, senderId: PEER, text: 'На твоё', replyId: '2', replyTo: quote }),
    ];
    const { socket } = await openChat({ messages });
    await push(socket, 'deleted', { chatId: '7', message: chatMessage({ id: '2', seq: 1, senderId: ME, text: null, deleted: true }) });
    expect(quoteOf('На твоё').textContent).toBe('Сообщение удалено');
  });
});

describe('photo viewer', () => {
  it('opens a received photo full screen after Показать, and closes on a tap or Escape', async () => {
    await openChat({
      messages: [chatMessage({ seq: 1, messageType: 'PHOTO', text: null, photoUrl: '/cdn/images/a/media', blurred: true })],
    });
    expect(screen.queryByRole('button', { name: 'Просмотр фото' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Показать' }));
    fireEvent.click(screen.getByRole('button', { name: 'Просмотр фото' }));
    const viewer = screen.getByRole('dialog', { name: 'Просмотр фото' });
    expect(within(viewer).getByAltText('Фото').getAttribute('src')).toBe('/cdn/images/a/media');
    fireEvent.click(viewer);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Просмотр фото' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Просмотр фото' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Просмотр фото' })).toBeNull());
  });
});
