import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ArchiveScreen from '../../../../webapp/features/chat/components/archive-screen';
import ChatListScreen from '../../../../webapp/features/chat/components/chat-list-screen';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import { stubFetch, type StubRequest } from '../../support/fetch-stub';
import { installFakeSockets } from '../../support/realtime-screen';
import { signIn } from '../../support/session';
import { chatItem } from './chat-fixtures';
import { heldChats } from './chat-list-fixtures';

// jsdom has no PointerEvent; a MouseEvent carries the clientX/clientY the slide reads.
class TestPointerEvent extends MouseEvent {
  readonly pointerId: number;
  constructor(type: string, init: MouseEventInit & { pointerId?: number } = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

beforeEach(() => {
  vi.stubGlobal('PointerEvent', TestPointerEvent);
  installFakeSockets();
  signIn();
  localStorage.clear();
  useToasts.setState({ toasts: [] });
});
afterEach(() => localStorage.clear());

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: '/chat' | '/archive') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/chat" element={<ChatListScreen />} />
        <Route path="/archive" element={<ArchiveScreen />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const slideOf = (title: string) => screen.getByText(title).closest('[data-testid="chat-row-slide"]') as HTMLElement;

/** A drag on the row from x=300 by `dx` (and `dy`). */
function drag(row: HTMLElement, dx: number, dy = 0, pointerId = 1) {
  fireEvent.pointerDown(row, { clientX: 300, clientY: 100, pointerId, button: 0 });
  fireEvent.pointerMove(row, { clientX: 300 + dx / 2, clientY: 100 + dy / 2, pointerId });
  fireEvent.pointerMove(row, { clientX: 300 + dx, clientY: 100 + dy, pointerId });
  fireEvent.pointerUp(row, { clientX: 300 + dx, clientY: 100 + dy, pointerId });
}

/** A tap as a finger makes it: down, up, then the click. */
function tap(target: HTMLElement) {
  fireEvent.pointerDown(target, { clientX: 150, clientY: 100, pointerId: 3, button: 0 });
  fireEvent.pointerUp(target, { clientX: 150, clientY: 100, pointerId: 3 });
  fireEvent.click(target);
}

const rows = () => document.querySelectorAll('[data-testid="chat-row-slide"]');

const archiveCalls = (calls: StubRequest[]) =>
  calls.filter((c) => c.url.pathname === '/api/chat/archive' && c.method === 'POST').map((c) => c.body);

function listRoutes(archived: { value: boolean }) {
  return {
    'GET /api/chat/me': () => ({
      json: { ok: true, items: archived.value ? [] : [chatItem({ id: '7', title: 'Маша' })], nextCursor: null },
    }),
    'GET /api/chat/archive': () => ({
      json: { ok: true, messageCount: archived.value ? 3 : 0, chatTitles: archived.value ? ['Маша'] : [] },
    }),
    'POST /api/chat/archive': (req: StubRequest) => {
      archived.value = req.body?.archived === true;
      return { json: { ok: true, chatId: '7', archived: archived.value } };
    },
  };
}

describe('swiping a chat row (issue 40 item 6)', () => {
  it("slid left it reveals 'В архив', which moves the chat to the archive and out of the list", async () => {
    const archived = { value: false };
    const calls = stubFetch(listRoutes(archived));
    renderAt('/chat');
    await screen.findByText('Маша');
    // Closed, the action is not there for anyone (the chat's menu is the way without a swipe).
    expect(screen.queryByRole('button', { name: 'В архив' })).toBeNull();
    drag(slideOf('Маша'), -70);
    expect(slideOf('Маша').style.transform).toBe('translateX(-88px)');
    fireEvent.click(screen.getByRole('button', { name: 'В архив' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(archiveCalls(calls)).toEqual([{ chatId: '7', archived: true }]);
    expect(useToasts.getState().toasts.map((t) => t.text)).toContain('Чат перенесён в архив');
    // The list and its archive row are asked again.
    expect(await screen.findByRole('link', { name: /Архив/ })).toBeTruthy();
  });

  it('a swipe past half the row archives at once', async () => {
    const calls = stubFetch(listRoutes({ value: false }));
    renderAt('/chat');
    await screen.findByText('Маша');
    drag(slideOf('Маша'), -240);
    await waitFor(() => expect(archiveCalls(calls)).toEqual([{ chatId: '7', archived: true }]));
    await waitFor(() => expect(rows()).toHaveLength(0));
  });

  it("offers 'Из архива' in the archive, which takes the chat back out", async () => {
    const archived = { value: true };
    const calls = stubFetch({
      ...listRoutes(archived),
      'GET /api/chat/archived': () => ({ json: { ok: true, items: archived.value ? [chatItem({ id: '7', title: 'Маша' })] : [] } }),
    });
    // The list was open earlier in the launch, without the archived chat.
    const list = renderAt('/chat');
    await screen.findByRole('link', { name: /Архив/ });
    list.unmount();

    renderAt('/archive');
    await screen.findByText('Маша');
    drag(slideOf('Маша'), -60);
    fireEvent.click(screen.getByRole('button', { name: 'Из архива' }));
    await waitFor(() => expect(rows()).toHaveLength(0));
    expect(archiveCalls(calls)).toEqual([{ chatId: '7', archived: false }]);
    expect(useToasts.getState().toasts.map((t) => t.text)).toContain('Чат возвращён из архива');
    // The chat list has it back at once, not after its 5 minutes: its query is asked again though no one shows it.
    await waitFor(() => expect(heldChats().map((c) => c.id)).toEqual(['7']));
    expect(calls.filter((c) => c.url.pathname === '/api/chat/me')).toHaveLength(2);
  });

  it('a mouse drag slides the row rather than dragging the chat’s link away', async () => {
    stubFetch(listRoutes({ value: false }));
    renderAt('/chat');
    await screen.findByText('Маша');
    const link = within(slideOf('Маша')).getByRole('link');
    expect(fireEvent.dragStart(link)).toBe(false);
  });

  it('a short or vertical move, or a second finger, slides nothing; a tap on an open row closes it, then opens the chat', async () => {
    const calls = stubFetch(listRoutes({ value: false }));
    renderAt('/chat');
    await screen.findByText('Маша');
    drag(slideOf('Маша'), -30);
    drag(slideOf('Маша'), -60, 120);
    expect(slideOf('Маша').style.transform).toBe('');
    // A pinch: the second finger cancels the slide the first one began.
    fireEvent.pointerDown(slideOf('Маша'), { clientX: 300, clientY: 100, pointerId: 1, button: 0 });
    fireEvent.pointerMove(slideOf('Маша'), { clientX: 260, clientY: 100, pointerId: 1 });
    fireEvent.pointerDown(slideOf('Маша'), { clientX: 100, clientY: 100, pointerId: 2, button: 0 });
    fireEvent.pointerMove(slideOf('Маша'), { clientX: 200, clientY: 100, pointerId: 1 });
    fireEvent.pointerUp(slideOf('Маша'), { clientX: 200, clientY: 100, pointerId: 1 });
    expect(slideOf('Маша').style.transform).toBe('');
    expect(screen.queryByRole('button', { name: 'В архив' })).toBeNull();

    drag(slideOf('Маша'), -70);
    tap(within(slideOf('Маша')).getByRole('link'));
    expect(slideOf('Маша').style.transform).toBe('');
    expect(screen.queryByTestId('where')).toBeNull();
    tap(within(slideOf('Маша')).getByRole('link'));
    expect(screen.getByTestId('where').textContent).toBe('/messages/7');
    expect(archiveCalls(calls)).toEqual([]);
  });
});
