import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ChatScreen from '../../../../webapp/features/chat/components/chat-screen';
import { FakeSocket } from '../../support/fake-socket';
import { stubFetch, type StubRequest } from '../../support/fetch-stub';
import { installFakeSockets } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { chatMessage } from './chat-fixtures';

vi.mock('../../../../webapp/lib/images/compress-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../webapp/lib/images/compress-image')>()),
  compressImage: vi.fn(async (file: Blob) => file),
}));

const ME = '100010';
const info = {
  ok: true,
  chatId: '7',
  title: 'Маша',
  avatarUrl: null,
  peerUserId: '100020',
  isOnline: false,
  lastSeen: null,
  readOnly: false,
  readOnlyReason: null,
  notice: null,
  lastSeq: 40,
  lastReadSeq: 40,
  unreadCount: 0,
};
const sticker = (id: string, packName: string) => ({ id, name: `s${id}`, packName, imageUrl: `/cdn/stickers/${id}.webp` });

beforeEach(() => {
  installFakeSockets();
  signIn();
  localStorage.clear();
});

async function open(routes: Parameters<typeof stubFetch>[0]) {
  const calls = stubFetch({ 'GET /api/messages/chat-info': { json: info }, ...routes });
  render(
    <MemoryRouter initialEntries={['/messages/7']}>
      <Routes>
        <Route path="/messages/:chatId" element={<ChatScreen />} />
      </Routes>
    </MemoryRouter>,
  );
  const socket = FakeSocket.all.at(-1);
  await act(async () => socket?.open());
  await screen.findByText('Маша');
  return calls;
}

describe('older messages', () => {
  it('load when scrolled within 24 px of the top, keeping the position', async () => {
    const calls = await open({
      'GET /api/messages/history': (req: StubRequest) =>
        req.url.searchParams.get('cursor')
          ? { json: { ok: true, chatId: '7', nextCursor: null, messages: [chatMessage({ id: '1', seq: 1, text: 'Самое старое' })] } }
          : { json: { ok: true, chatId: '7', nextCursor: '40', messages: [chatMessage({ id: '40', seq: 40, text: 'Последнее' })] } },
    });
    await screen.findByText('Последнее');
    const list = screen.getByTestId('message-list');
    let height = 1000;
    Object.defineProperty(list, 'scrollHeight', { configurable: true, get: () => height });
    Object.defineProperty(list, 'clientHeight', { configurable: true, value: 400 });
    list.scrollTop = 100;
    fireEvent.scroll(list);
    expect(calls.filter((c) => c.url.searchParams.get('cursor') === '40')).toHaveLength(0);
    list.scrollTop = 20;
    fireEvent.scroll(list);
    height = 1600;
    await screen.findByText('Самое старое');
    expect(calls.filter((c) => c.url.searchParams.get('cursor') === '40')).toHaveLength(1);
    // 1000 → 1600: the view moves down by the new content so the same message stays in place.
    expect(list.scrollTop).toBe(620);
  });
});

describe('stickers', () => {
  it('shows packs in a grid, sends a sticker and adds a pack by link', async () => {
    let stickers = [sticker('1', 'cats'), sticker('2', 'cats'), sticker('3', 'dogs')];
    const calls = await open({
      'GET /api/messages/history': { json: { ok: true, chatId: '7', nextCursor: null, messages: [] } },
      'GET /api/stickers/all': () => ({
        json: {
          ok: true,
          stickers,
          packs: [
            { name: 'cats', title: 'Коты', count: 2 },
            { name: 'dogs', title: 'Псы', count: 1 },
          ],
        },
      }),
      'POST /api/stickers/import': (req) => {
        stickers = [...stickers, sticker('4', 'owls')];
        expect(req.body?.telegramUrl).toBe('https://t.me/addstickers/owls');
        return {
          json: {
            ok: true,
            message: 'Стикер-пак успешно добавлен!',
            pack: { name: 'owls', title: 'Совы', count: 1 },
            stickers: [sticker('4', 'owls')],
          },
        };
      },
      'POST /api/messages/send-sticker': (req) => ({
        json: {
          ok: true,
          duplicate: false,
          message: chatMessage({
            id: '50',
            seq: 50,
            senderId: ME,
            clientId: String(req.body?.clientId),
            messageType: 'STICKER',
            text: null,
            stickerId: '1',
            stickerUrl: '/cdn/stickers/1.webp',
          }),
        },
      }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Стикеры' }));
    // One pack at a time, by tabs; the link form is the secondary '+' (issue 40 item 8).
    const cats = await screen.findByRole('tabpanel', { name: 'Коты' });
    expect(within(cats).getAllByRole('button')).toHaveLength(2);
    expect(screen.getAllByRole('tab').map((tab) => tab.getAttribute('aria-label'))).toEqual(['Коты', 'Псы']);
    expect(screen.queryByPlaceholderText('https://t.me/addstickers/NAME')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Псы' }));
    expect(within(screen.getByRole('tabpanel', { name: 'Псы' })).getAllByRole('button')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Добавить стикер-пак' }));
    const input = screen.getByPlaceholderText('https://t.me/addstickers/NAME');
    fireEvent.change(input, { target: { value: 'https://example.com/x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(screen.getByRole('alert').textContent).toBe('Ссылка должна быть вида https://t.me/addstickers/NAME');
    fireEvent.change(input, { target: { value: 'https://t.me/addstickers/owls' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect((await screen.findByRole('status')).textContent).toBe('Стикер-пак успешно добавлен!');
    // The form closes and the new pack is the one shown.
    expect(screen.queryByPlaceholderText('https://t.me/addstickers/NAME')).toBeNull();
    await screen.findByRole('tabpanel', { name: 'owls' });

    fireEvent.click(screen.getByRole('tab', { name: 'Коты' }));
    fireEvent.click(within(screen.getByRole('tabpanel', { name: 'Коты' })).getByRole('button', { name: 's1' }));
    await waitFor(() => expect(screen.getByAltText('Стикер')).toBeTruthy());
    const send = calls.find((c) => c.url.pathname === '/api/messages/send-sticker');
    expect(send?.body).toMatchObject({ chatId: '7', stickerId: '1', clientId: expect.any(String) });
  });
});

describe('photos', () => {
  it('opens a picked photo in a preview and sends it, with its caption, only on Отправить', async () => {
    const calls = await open({
      'GET /api/messages/history': { json: { ok: true, chatId: '7', nextCursor: null, messages: [] } },
      'POST /api/cdn/images/upload': { json: { ok: true, id: 'a'.repeat(24), url: `/cdn/images/${'a'.repeat(24)}/media` } },
      'POST /api/messages/send-image': (req) => ({
        json: {
          ok: true,
          duplicate: false,
          message: chatMessage({
            id: '60',
            seq: 60,
            senderId: ME,
            clientId: String(req.body?.clientId),
            messageType: 'PHOTO',
            text: null,
            photoUrl: '/cdn/images/x/media',
            blurred: false,
          }),
        },
      }),
    });
    const file = new File(['x'], 'p.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [file] } });
    const preview = screen.getByRole('dialog', { name: 'Отправка фото' });
    expect(calls.some((c) => c.url.pathname === '/api/cdn/images/upload')).toBe(false);
    fireEvent.change(within(preview).getByLabelText('Подпись'), { target: { value: '  закат  ' } });
    fireEvent.click(within(preview).getByRole('button', { name: 'Отправить' }));
    expect(screen.queryByRole('dialog', { name: 'Отправка фото' })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/messages/send-image')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/messages/send-image')?.body).toMatchObject({
      chatId: '7',
      imageId: 'a'.repeat(24),
      caption: 'закат',
    });
    await waitFor(() => expect(screen.getByAltText('Фото').getAttribute('src')).toBe('/cdn/images/x/media'));
    expect(screen.queryByRole('button', { name: 'Показать' })).toBeNull();
  });

  it('drops a picked photo on Отмена or Escape without uploading it', async () => {
    const calls = await open({ 'GET /api/messages/history': { json: { ok: true, chatId: '7', nextCursor: null, messages: [] } } });
    const file = new File(['x'], 'p.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [file] } });
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Отправка фото' })).getByRole('button', { name: 'Отмена' }));
    expect(screen.queryByRole('dialog', { name: 'Отправка фото' })).toBeNull();
    fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [file] } });
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Отправка фото' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/cdn/images/upload')).toBe(false);
  });
});
