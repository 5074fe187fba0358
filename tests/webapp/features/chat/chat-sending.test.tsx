import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StubRequest } from '../../support/fetch-stub';
import { ME, dropUntilRetry, openChat, pickPhoto, resetChatTest, sentOf, uploadedAs } from './chat-harness';
import { chatMessage } from './chat-fixtures';

vi.mock('../../../../webapp/lib/images/compress-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../webapp/lib/images/compress-image')>()),
  compressImage: vi.fn(async (file: Blob) => file),
}));

beforeEach(resetChatTest);

const IMAGE_ID = 'b'.repeat(24);
const stored = (overrides: Parameters<typeof chatMessage>[0]) =>
  chatMessage({ id: '30', seq: 30, senderId: ME, createdAt: new Date().toISOString(), ...overrides });
const failedNotice = () => screen.queryByRole('button', { name: /Не отправлено/ });

describe('retrying a failed message', () => {
  it("shows a refused text as failed, and 'Повторить' sends it again with the same clientId", async () => {
    const { socket } = await openChat();
    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: 'Ответь!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    const clientId = (sentOf(socket, 'send')[0]?.data as { clientId: string }).clientId;
    await act(async () =>
      socket.receive({ ch: 'messages', t: 'error', cid: clientId, data: { message: 'Слишком много сообщений. Подождите немного' } }),
    );
    expect(screen.getByText('Ответь!').closest('[data-failed]')).toBeTruthy();

    fireEvent.click(failedNotice()!);
    const sends = sentOf(socket, 'send');
    expect(sends).toHaveLength(2);
    expect(sends.map((m) => [m.cid, (m.data as { clientId: string }).clientId])).toEqual([
      [clientId, clientId],
      [clientId, clientId],
    ]);
    expect(failedNotice()).toBeNull();
    expect(screen.getByText('Ответь!').closest('[aria-busy]')).toBeTruthy();

    await act(async () =>
      socket.receive({
        ch: 'messages',
        t: 'sent',
        cid: clientId,
        data: { message: stored({ clientId, text: 'Ответь!' }), duplicate: false },
      }),
    );
    expect(screen.getAllByText('Ответь!')).toHaveLength(1);
    expect(screen.getByText('Ответь!').closest('[aria-busy], [data-failed]')).toBeNull();
  });

  it('resends a sticker refused over HTTP with the same clientId, and shows it once', async () => {
    let refuse = true;
    const { calls } = await openChat({
      routes: {
        'GET /api/stickers/all': {
          json: {
            ok: true,
            stickers: [{ id: '5', name: 'кот', packName: 'cats', imageUrl: '/cdn/stickers/5.webp' }],
            packs: [{ name: 'cats', title: 'Коты', count: 1 }],
          },
        },
        'POST /api/messages/send-sticker': (req: StubRequest) =>
          refuse
            ? { status: 429, json: { ok: false, error: 'RATE_LIMITED', message: 'Слишком много сообщений. Подождите немного' } }
            : {
                json: {
                  ok: true,
                  duplicate: false,
                  message: stored({
                    clientId: String(req.body?.clientId),
                    messageType: 'STICKER',
                    text: null,
                    stickerId: '5',
                    stickerUrl: '/cdn/stickers/5.webp',
                  }),
                },
              },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Стикеры' }));
    fireEvent.click(await screen.findByRole('button', { name: 'кот' }));
    await waitFor(() => expect(failedNotice()).toBeTruthy());

    refuse = false;
    fireEvent.click(failedNotice()!);
    await waitFor(() => expect(failedNotice()).toBeNull());
    await waitFor(() => expect(screen.getAllByAltText('Стикер')).toHaveLength(1));
    const sends = calls.filter((c) => c.url.pathname === '/api/messages/send-sticker');
    expect(sends).toHaveLength(2);
    expect(sends[1]?.body?.clientId).toBe(sends[0]?.body?.clientId);
    expect(screen.getByAltText('Стикер').closest('[aria-busy]')).toBeNull();
  });

  it('drops a failed message from its menu', async () => {
    const { socket } = await openChat();
    fireEvent.change(screen.getByLabelText('Сообщение'), { target: { value: 'Лишнее' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    const clientId = (sentOf(socket, 'send')[0]?.data as { clientId: string }).clientId;
    await act(async () => socket.receive({ ch: 'messages', t: 'error', cid: clientId, data: { message: 'Чат недоступен' } }));
    fireEvent.contextMenu(screen.getByText('Лишнее'));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Удалить' }));
    expect(screen.queryByText('Лишнее')).toBeNull();
  });
});

describe('photos while offline', () => {
  it('keeps a photo pending while the connection is down and sends it after the reconnect, uploaded once', async () => {
    let online = false;
    const { socket, calls } = await openChat({
      routes: {
        'POST /api/cdn/images/upload': uploadedAs(IMAGE_ID),
        'POST /api/messages/send-image': (req: StubRequest) =>
          online
            ? {
                json: {
                  ok: true,
                  duplicate: false,
                  message: stored({
                    clientId: String(req.body?.clientId),
                    messageType: 'PHOTO',
                    text: null,
                    photoUrl: `/cdn/images/${IMAGE_ID}/media`,
                  }),
                },
              }
            : new TypeError('Failed to fetch'),
      },
    });
    const retry = await dropUntilRetry(socket);
    pickPhoto();
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/messages/send-image')).toHaveLength(1));
    // No answer and no socket: still on its way (a clock), not failed.
    await waitFor(() => expect(screen.getByLabelText('Отправляется')).toBeTruthy());
    expect(failedNotice()).toBeNull();

    online = true;
    await act(async () => retry.open());
    await waitFor(() => expect(screen.queryByLabelText('Отправляется')).toBeNull());
    const sends = calls.filter((c) => c.url.pathname === '/api/messages/send-image');
    expect(sends).toHaveLength(2);
    expect(sends[1]?.body).toMatchObject({ chatId: '7', imageId: IMAGE_ID, clientId: sends[0]?.body?.clientId });
    expect(calls.filter((c) => c.url.pathname === '/api/cdn/images/upload')).toHaveLength(1);
    expect(screen.getAllByAltText('Фото')).toHaveLength(1);
  });
});
