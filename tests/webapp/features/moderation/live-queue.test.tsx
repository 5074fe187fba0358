import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FakeSocket } from '../../support/fake-socket';
import { stubFetch } from '../../support/fetch-stub';
import { installFakeSockets } from '../../support/realtime-screen';
import { renderAt } from '../../support/render';
import { MODERATOR, signIn } from '../../support/session';
import { item, page, report, reportsPage } from './fixtures';

beforeEach(() => {
  signIn(MODERATOR);
  installFakeSockets();
});

const COUNTS = { INITIAL: 4, PROFILE_DESCRIPTION: 2, PROFILE_EDIT: 1, PHOTOS: 2, reports: 5 };
/** The newest /ws/likes socket other than `not` (the moderation channel rides on it). */
const likesSocket = (not?: FakeSocket) =>
  waitFor(
    () => {
      const socket = FakeSocket.all.filter((s) => s !== not && new URL(s.url).pathname === '/ws/likes').at(-1);
      if (!socket) throw new Error('no /ws/likes socket yet');
      return socket;
    },
    { timeout: 5000 },
  );
const decisionLine = (article: HTMLElement) => within(article).getByText(/^Уже рассмотрено/).textContent;
const push = (socket: FakeSocket, t: string, data: unknown) => act(async () => socket.receive({ ch: 'moderation', t, data }));
const card = (attr: string, id: number) => screen.getAllByRole('article').find((a) => a.getAttribute(attr) === String(id))!;
const RESOLVED = '2026-11-21T11:05:00.000Z';

describe('the hub counts are pushed', () => {
  it('one fetch, then the pushed counts, and a fetch again after the socket reconnects', async () => {
    const calls = stubFetch({ 'GET /api/moderation/counts': { json: { ok: true, counts: COUNTS } } });
    renderAt('/moderation');
    const nav = await screen.findByRole('navigation', { name: 'Очереди модерации' }, { timeout: 5000 });
    await waitFor(() => expect(within(nav).getByLabelText('Новые анкеты: 4')).toBeTruthy());
    const socket = await likesSocket();
    await act(async () => socket.open());
    await push(socket, 'counts', { counts: { ...COUNTS, INITIAL: 7, reports: 6 } });
    expect(within(nav).getByLabelText('Новые анкеты: 7')).toBeTruthy();
    expect(within(nav).getByLabelText('Жалобы: 6')).toBeTruthy();
    const fetches = () => calls.filter((c) => c.url.pathname === '/api/moderation/counts').length;
    expect(fetches()).toBe(1);
    await act(async () => socket.drop());
    const again = await likesSocket(socket);
    await act(async () => again.open());
    await waitFor(() => expect(fetches()).toBe(2));
    // The likes socket reconnects 3 s after a close (end-user.md §4).
  }, 15_000);
});

describe('a decision made elsewhere reaches the shown card', () => {
  it('an item card shows who decided and loses its buttons; other cards keep theirs', async () => {
    stubFetch({ 'GET /api/moderation/items': { json: page([item(1), item(2)]) } });
    renderAt('/moderation/profiles?type=INITIAL&status=PENDING');
    await waitFor(() => expect(card('data-item-id', 1)).toBeTruthy(), { timeout: 5000 });
    const socket = await likesSocket();
    await act(async () => socket.open());
    await push(socket, 'item_decided', {
      itemId: 1,
      status: 'APPROVED',
      reason: null,
      reviewer: { telegramId: 5, label: '@other_mod' },
      resolvedAt: RESOLVED,
    });
    // The push changes the list's query cache, which tells the screen on its next tick.
    await waitFor(() =>
      expect(decisionLine(card('data-item-id', 1))).toBe('Уже рассмотрено: Одобрено — @other_mod, 21.11.2026, 14:05 МСК'),
    );
    const decided = card('data-item-id', 1);
    expect(within(decided).queryByRole('button', { name: 'Одобрить' })).toBeNull();
    expect(within(card('data-item-id', 2)).getByRole('button', { name: 'Одобрить' })).toBeTruthy();
  });

  it('a report card shows who decided and loses its buttons', async () => {
    stubFetch({ 'GET /api/moderation/reports': { json: reportsPage([report(1)]) } });
    renderAt('/moderation/reports?status=PENDING');
    await waitFor(() => expect(card('data-report-id', 1)).toBeTruthy(), { timeout: 5000 });
    const socket = await likesSocket();
    await act(async () => socket.open());
    await push(socket, 'report_decided', {
      reportId: 1,
      status: 'BLOCKED',
      reviewer: { telegramId: 9, label: '@admin' },
      resolvedAt: RESOLVED,
    });
    await waitFor(() =>
      expect(decisionLine(card('data-report-id', 1))).toBe('Уже рассмотрено: Пользователь заблокирован — @admin, 21.11.2026, 14:05 МСК'),
    );
    const decided = card('data-report-id', 1);
    expect(within(decided).queryByRole('button', { name: 'Заблокировать' })).toBeNull();
  });
});
