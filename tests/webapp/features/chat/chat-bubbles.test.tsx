import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDayLabel } from '../../../../webapp/features/chat/lib/chat-format';
import { buildRows } from '../../../../webapp/features/chat/lib/message-rows';
import { installFakeSockets } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { ME, openChat, sentOf } from './chat-harness';
import { chatMessage } from './chat-fixtures';

beforeEach(() => {
  installFakeSockets();
  signIn();
  localStorage.clear();
});

const local = (d: number, h: number, min = 0) => new Date(2026, 2, d, h, min).toISOString();

describe('message shapes', () => {
  it('draws a sticker bare, a photo as the bubble itself, and text in a bubble with its time', async () => {
    await openChat({
      messages: [
        chatMessage({ seq: 1, text: 'Текст', createdAt: local(10, 9, 5) }),
        chatMessage({
          id: '2',
          seq: 2,
          messageType: 'STICKER',
          text: null,
          stickerId: '5',
          stickerUrl: '/cdn/stickers/5.webp',
          createdAt: local(10, 9, 6),
        }),
        chatMessage({
          id: '3',
          seq: 3,
          senderId: ME,
          messageType: 'PHOTO',
          text: null,
          photoUrl: '/cdn/images/a/media',
          createdAt: local(10, 9, 7),
        }),
      ],
    });
    const bubbleOf = (el: HTMLElement) => el.closest('[data-shape]');
    expect(bubbleOf(screen.getByText('Текст'))?.getAttribute('data-shape')).toBe('text');
    expect(bubbleOf(screen.getByAltText('Стикер'))?.getAttribute('data-shape')).toBe('bare');
    expect(bubbleOf(screen.getByAltText('Фото'))?.getAttribute('data-shape')).toBe('media');
    expect(within(bubbleOf(screen.getByText('Текст')) as HTMLElement).getByText('09:05')).toBeTruthy();
    expect(within(bubbleOf(screen.getByAltText('Стикер')) as HTMLElement).getByText('09:06')).toBeTruthy();
    // Own stored messages carry a check, the peer's none.
    expect(within(bubbleOf(screen.getByAltText('Фото')) as HTMLElement).getByLabelText('Отправлено')).toBeTruthy();
    expect(within(bubbleOf(screen.getByText('Текст')) as HTMLElement).queryByLabelText('Отправлено')).toBeNull();
  });
});

describe('days', () => {
  const now = new Date(2026, 2, 10, 15, 0);
  it("labels days as 'Сегодня', 'Вчера', a date, and a date with the year", () => {
    expect(formatDayLabel(local(10, 1), now)).toBe('Сегодня');
    expect(formatDayLabel(local(9, 23, 59), now)).toBe('Вчера');
    expect(formatDayLabel(local(2, 12), now)).toBe('2 марта');
    expect(formatDayLabel(new Date(2025, 11, 31, 12).toISOString(), now)).toBe('31 декабря 2025');
  });

  it('puts a separator before each new day, and a new day starts a new group', () => {
    const rows = buildRows(
      [
        chatMessage({ seq: 1, createdAt: local(9, 23, 59) }),
        chatMessage({ id: '2', seq: 2, createdAt: local(10, 0, 0) }),
        chatMessage({ id: '3', seq: 3, createdAt: local(10, 0, 1) }),
      ],
      [],
      ME,
      now,
    );
    expect(rows.map((r) => (r.kind === 'day' ? r.label : `${r.kind}:${r.first ? 'F' : ''}${r.last ? 'L' : ''}`))).toEqual([
      'Вчера',
      'stored:FL',
      'Сегодня',
      'stored:F',
      'stored:L',
    ]);
  });
});

describe('scrolled up', () => {
  it('offers the way back to the latest messages with the count of new ones', async () => {
    const { socket } = await openChat();
    const list = screen.getByTestId('message-list');
    Object.defineProperty(list, 'scrollHeight', { configurable: true, value: 2000 });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 400 });
    expect(screen.queryByRole('button', { name: 'К последним сообщениям' })).toBeNull();
    list.scrollTop = 600;
    fireEvent.scroll(list);
    const jump = screen.getByRole('button', { name: 'К последним сообщениям' });
    expect(within(jump).queryByTestId('unseen-count')).toBeNull();

    for (const seq of [3, 4])
      await act(async () =>
        socket.receive({
          ch: 'messages',
          t: 'message',
          data: { chatId: '7', message: chatMessage({ id: String(seq), seq, text: `Новое ${seq}` }) },
        }),
      );
    expect(within(jump).getByTestId('unseen-count').textContent).toBe('2');
    // Not at the bottom: the view does not jump and nothing is marked read.
    expect(list.scrollTop).toBe(600);
    expect(sentOf(socket, 'mark_read')).toHaveLength(0);

    fireEvent.click(jump);
    expect(screen.queryByRole('button', { name: 'К последним сообщениям' })).toBeNull();
  });
});

describe('empty chat', () => {
  it('invites the first message and sends a greeting on tap', async () => {
    const { socket } = await openChat({ messages: [], info: { lastSeq: 0, lastReadSeq: 0 } });
    expect(screen.getByText('Сообщений пока нет')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Поздороваться 👋' }));
    expect(sentOf(socket, 'send').map((m) => (m.data as { text: string }).text)).toEqual(['Привет! 👋']);
    expect(screen.queryByText('Сообщений пока нет')).toBeNull();
  });

  it('has no greeting button in a closed chat', async () => {
    await openChat({ messages: [], info: { readOnly: true, readOnlyReason: 'AGE', lastSeq: 0, lastReadSeq: 0 } });
    expect(screen.getByText('Сообщений пока нет')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Поздороваться 👋' })).toBeNull();
  });
});
