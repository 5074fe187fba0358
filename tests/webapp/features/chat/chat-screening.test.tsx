import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StubRequest } from '../../support/fetch-stub';
import { ME, openChat, pickPhoto, resetChatTest, uploadedAs } from './chat-harness';
import { chatMessage } from './chat-fixtures';

vi.mock('../../../../webapp/lib/images/compress-image', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../webapp/lib/images/compress-image')>()),
  compressImage: vi.fn(async (file: Blob) => file),
}));

beforeEach(resetChatTest);

const WARNING = 'Фото может быть откровенным';
const REFUSED = 'Фото не отправлено: оно похоже на откровенное';
const IMAGE_ID = 'c'.repeat(24);
const photo = (overrides: Parameters<typeof chatMessage>[0]) =>
  chatMessage({ messageType: 'PHOTO', text: null, photoUrl: '/cdn/images/a/media', blurred: true, ...overrides });
const refusal = { status: 400, json: { ok: false, error: 'PHOTO_REFUSED', message: REFUSED } };

/** Multipart bodies of the uploads the chat made (the fetch stub records JSON bodies only). */
function recordUploads(): FormData[] {
  const forms: FormData[] = [];
  const stub = globalThis.fetch;
  vi.stubGlobal('fetch', (input: string | URL, init: RequestInit = {}) => {
    if (init.body instanceof FormData) forms.push(init.body);
    return stub(input, init);
  });
  return forms;
}

describe('a photo screening found may be explicit', () => {
  it("is veiled more strongly than an ordinary one, with 'Фото может быть откровенным' before 'Показать'", async () => {
    await openChat({
      messages: [
        photo({ seq: 1, photoUrl: '/cdn/images/plain/media' }),
        photo({ id: '2', seq: 2, photoUrl: '/cdn/images/hot/media', sensitive: true }),
      ],
    });
    const [plain, hot] = screen.getAllByAltText('Фото');
    expect(plain!.getAttribute('data-blurred')).toBe('true');
    expect(plain!.getAttribute('data-sensitive')).toBeNull();
    expect(hot!.getAttribute('data-blurred')).toBe('true');
    expect(hot!.getAttribute('data-sensitive')).toBe('true');
    expect(hot!.className).not.toBe(plain!.className);
    // One warning, on the flagged photo, read before its button.
    expect(screen.getAllByText(WARNING)).toHaveLength(1);
    const wrap = hot!.parentElement!;
    const warning = within(wrap).getByText(WARNING);
    const reveal = within(wrap).getByRole('button', { name: 'Показать' });
    expect(warning.compareDocumentPosition(reveal) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(plain!.parentElement!).queryByText(WARNING)).toBeNull();

    fireEvent.click(reveal);
    expect(screen.getAllByAltText('Фото')[1]!.getAttribute('data-blurred')).toBeNull();
    expect(screen.queryByText(WARNING)).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Показать' })).toHaveLength(1);
  });

  it('arrives live veiled with the warning', async () => {
    const { socket } = await openChat();
    await act(async () =>
      socket.receive({ ch: 'messages', t: 'message', data: { chatId: '7', message: photo({ id: '9', seq: 9, sensitive: true }) } }),
    );
    expect(screen.getByAltText('Фото').getAttribute('data-sensitive')).toBe('true');
    expect(screen.getByText(WARNING)).toBeTruthy();
  });

  it('is shown to its sender as sent, with a note that the peer gets the warning', async () => {
    await openChat({ messages: [photo({ seq: 1, senderId: ME, blurred: false, sensitive: true })] });
    const image = screen.getByAltText('Фото');
    expect(image.getAttribute('data-blurred')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Показать' })).toBeNull();
    expect(within(image.closest('li')!).getByText('Собеседник увидит предупреждение')).toBeTruthy();
    expect(screen.queryByText(WARNING)).toBeNull();
  });
});

describe('a photo screening refuses', () => {
  it("turns the pending photo into 'Фото не отправлено: оно похоже на откровенное' when the upload is refused, and sends nothing", async () => {
    const { calls } = await openChat({ routes: { 'POST /api/cdn/images/upload': refusal } });
    const forms = recordUploads();
    pickPhoto();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toBe(REFUSED);
    expect(notice.closest('li')!.querySelector('[data-failed]')).toBeTruthy();
    // The chat goes with the upload, so the server screens it for this chat before storing anything.
    expect(forms[0]?.get('chatId')).toBe('7');
    expect(forms[0]?.get('variant')).toBe('media');
    expect(calls.filter((c) => c.url.pathname === '/api/messages/send-image')).toHaveLength(0);
    // Sending it again would be refused again: no 'Повторить', only 'Удалить'.
    expect(screen.queryByRole('button', { name: /Не отправлено/ })).toBeNull();
    fireEvent.contextMenu(notice.closest('li')!.querySelector('[data-failed]')!);
    expect(screen.queryByRole('menuitem', { name: 'Повторить' })).toBeNull();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Удалить' }));
    expect(screen.queryByText(REFUSED)).toBeNull();
    expect(screen.queryByAltText('Фото')).toBeNull();
  });

  it('shows the same when send-image refuses a photo uploaded earlier', async () => {
    const { calls } = await openChat({
      routes: {
        'POST /api/cdn/images/upload': uploadedAs(IMAGE_ID),
        'POST /api/messages/send-image': (_req: StubRequest) => refusal,
      },
    });
    pickPhoto();
    expect((await screen.findByRole('alert')).textContent).toBe(REFUSED);
    expect(calls.filter((c) => c.url.pathname === '/api/messages/send-image')).toHaveLength(1);
  });

  it("keeps 'Не отправлено · Повторить' for any other refusal", async () => {
    await openChat({
      routes: {
        'POST /api/cdn/images/upload': { status: 400, json: { ok: false, error: 'BAD_REQUEST', message: 'Файл повреждён' } },
      },
    });
    pickPhoto();
    await waitFor(() => expect(screen.getByRole('button', { name: /Не отправлено/ })).toBeTruthy());
    expect(screen.queryByText(REFUSED)).toBeNull();
  });
});

describe('a sticker pack screening refuses', () => {
  it("says 'Стикер-пак не прошёл проверку' and adds no pack", async () => {
    const refused = 'Стикер-пак не прошёл проверку';
    const { calls } = await openChat({
      routes: {
        'GET /api/stickers/all': { json: { ok: true, stickers: [], packs: [] } },
        'POST /api/stickers/import': { status: 400, json: { ok: false, error: 'STICKER_PACK_REFUSED', message: refused } },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Стикеры' }));
    const panel = await screen.findByRole('region', { name: 'Стикеры' });
    await within(panel).findByText('Стикеров пока нет: добавьте стикер-пак по ссылке');
    fireEvent.change(within(panel).getByLabelText('Ссылка на стикер-пак'), { target: { value: 'https://t.me/addstickers/hot_pack' } });
    fireEvent.click(within(panel).getByRole('button', { name: 'Добавить' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(`Ошибка импорта: ${refused}`);
    expect(calls.filter((c) => c.url.pathname === '/api/stickers/all')).toHaveLength(1);
    expect(within(panel).getByText('Стикеров пока нет: добавьте стикер-пак по ссылке')).toBeTruthy();
  });
});
