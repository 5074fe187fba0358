import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryFilter, HistoryItem, HistoryResponse } from '../../../../contracts/likes';
import { relativeTime } from '../../../../webapp/features/likes/lib/relative-time';
import { stubFetch, type StubRequest } from '../../support/fetch-stub';
import { flush, installFakeSockets, renderScreen } from '../../support/realtime-screen';
import { signIn } from '../../support/session';

const NOW = new Date('2026-03-10T12:00:00Z');
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000).toISOString();

function item(overrides: Partial<HistoryItem> & { userId: string }): HistoryItem {
  return {
    id: `x:${overrides.userId}`,
    firstName: null,
    lastName: null,
    displayName: 'Глеб',
    photoUrl: '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/profile?w=480',
    likedAt: hoursAgo(0.5),
    isMatched: false,
    matchedAt: null,
    isMyLike: false,
    isSeen: true,
    ...overrides,
  };
}

const COUNTS = { totalCount: 7, myLikesCount: 3, receivedLikesCount: 4, matchedCount: 1, unmatchedCount: 2 };
const answer = (likes: HistoryItem[], hasNext = false, counts: Partial<typeof COUNTS> = {}): { json: HistoryResponse } => ({
  json: { ok: true, likes, ...COUNTS, ...counts, pagination: { page: 1, limit: 20, hasNext } },
});

const historyCalls = (calls: StubRequest[]) =>
  calls
    .filter((c) => c.url.pathname === '/api/likes/history')
    .map((c) => `${c.url.searchParams.get('filter')}:${c.url.searchParams.get('page')}:${c.url.searchParams.get('limit')}`);

beforeEach(() => {
  vi.useFakeTimers({ now: NOW });
  installFakeSockets();
  signIn();
});

const rows = () => screen.queryAllByTestId('history-row');

describe('tabs and rows', () => {
  it('opens on received likes with four counted tabs, the statistics and the rows as specified', async () => {
    const calls = stubFetch({
      'GET /api/likes/history': answer([
        item({ userId: '100012', displayName: 'Никита', isMatched: true, matchedAt: hoursAgo(3), likedAt: hoursAgo(3) }),
        item({ userId: '100014', displayName: 'Лёва', photoUrl: null, likedAt: hoursAgo(30) }),
        item({ userId: '100015', displayName: 'Ира', isSeen: false, likedAt: hoursAgo(40) }),
      ]),
    });
    await renderScreen('/likes-history');
    expect(historyCalls(calls)).toEqual(['received-likes:1:20']);
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['Полученные4', 'Мои лайки3', 'Матчи1', 'Без ответа2']);
    expect(screen.getByRole('tab', { name: /Полученные/ }).getAttribute('aria-selected')).toBe('true');

    const stats = within(screen.getByLabelText('Статистика'));
    expect(stats.getByText('Всего лайков').previousSibling?.textContent).toBe('7');
    expect(stats.getByText('Матчи').previousSibling?.textContent).toBe('1');
    expect(stats.getByText('Мои лайки').previousSibling?.textContent).toBe('3');
    expect(stats.getByText('Полученные').previousSibling?.textContent).toBe('4');

    const [first, second, third] = rows();
    expect(within(first!).getByText('Никита')).toBeTruthy();
    expect(within(first!).queryByText(/^@/)).toBeNull();
    expect(within(first!).getByText('3 ч назад')).toBeTruthy();
    expect(within(first!).getByText('Матч')).toBeTruthy();
    expect(within(first!).getByText('Получен')).toBeTruthy();
    expect(first!.getAttribute('href')).toBe('/u/100012');
    expect(first!.querySelector('img')?.getAttribute('src')).toBe('/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/profile?w=480');

    expect(within(second!).getByText('Лёва')).toBeTruthy();
    expect(within(second!).queryByText(/^@/)).toBeNull();
    expect(within(second!).getByText('Вчера')).toBeTruthy();
    expect(within(second!).getByText('Просмотрено')).toBeTruthy();
    expect(within(second!).getByText('Л')).toBeTruthy();
    // A like not shown yet is not 'Просмотрено'.
    expect(within(third!).queryByText('Просмотрено')).toBeNull();
    expect(within(third!).getByText('Получен')).toBeTruthy();
  });

  it('hides the statistics when there are no likes at all', async () => {
    stubFetch({
      'GET /api/likes/history': answer([], false, {
        totalCount: 0,
        myLikesCount: 0,
        receivedLikesCount: 0,
        matchedCount: 0,
        unmatchedCount: 0,
      }),
    });
    await renderScreen('/likes-history');
    expect(screen.queryByLabelText('Статистика')).toBeNull();
    expect(screen.getByText('Нет полученных лайков')).toBeTruthy();
  });

  it.each<[string, HistoryFilter, string]>([
    ['Мои лайки', 'my-likes', 'Нет ваших лайков'],
    ['Матчи', 'matched', 'Нет матчей'],
    ['Без ответа', 'unmatched', 'Нет лайков без ответа'],
  ])("switching to '%s' reloads page 1 of %s and shows '%s' when it is empty", async (label, filter, empty) => {
    const calls = stubFetch({
      'GET /api/likes/history': (req) =>
        req.url.searchParams.get('filter') === 'received-likes' ? answer([item({ userId: '100012', isMyLike: false })], true) : answer([]),
    });
    await renderScreen('/likes-history');
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить ещё' }));
    await flush();
    fireEvent.click(screen.getByRole('tab', { name: new RegExp(label) }));
    await flush();
    expect(historyCalls(calls)).toEqual(['received-likes:1:20', 'received-likes:2:20', `${filter}:1:20`]);
    expect(rows()).toHaveLength(0);
    expect(screen.getByText(empty)).toBeTruthy();
    expect(screen.getByRole('tab', { name: new RegExp(label) }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows a tab seen before at once on return while asking again; a late answer of the tab left never fills the list', async () => {
    const late: Record<string, () => void> = {};
    let received = 0;
    stubFetch({
      'GET /api/likes/history': (req) => {
        const filter = req.url.searchParams.get('filter')!;
        const likes = [item({ userId: filter === 'my-likes' ? '2' : '1', displayName: filter === 'my-likes' ? 'Мой' : 'Полученный' })];
        if (filter === 'received-likes' && received++ === 0) return answer(likes);
        return new Promise((resolve) => (late[filter] = () => resolve(answer(likes))));
      },
    });
    await renderScreen('/likes-history');
    expect(rows().map((row) => within(row).getByText(/Мой|Полученный/).textContent)).toEqual(['Полученный']);
    fireEvent.click(screen.getByRole('tab', { name: /Мои лайки/ }));
    await flush();
    expect(rows()).toHaveLength(0);
    fireEvent.click(screen.getByRole('tab', { name: /Полученные/ }));
    await flush();
    // The cached rows, while page 1 is asked again.
    expect(late['received-likes']).toBeDefined();
    expect(rows().map((row) => within(row).getByText(/Мой|Полученный/).textContent)).toEqual(['Полученный']);
    late['my-likes']!();
    await flush();
    expect(rows().map((row) => within(row).getByText(/Мой|Полученный/).textContent)).toEqual(['Полученный']);
    late['received-likes']!();
    await flush();
    expect(rows()).toHaveLength(1);
    expect(screen.getByRole('tab', { name: /Полученные/ }).getAttribute('aria-selected')).toBe('true');
  });

  it("labels my likes 'Мой лайк'", async () => {
    stubFetch({ 'GET /api/likes/history': answer([item({ userId: '100012', isMyLike: true })]) });
    await renderScreen('/likes-history');
    expect(within(rows()[0]!).getByText('Мой лайк')).toBeTruthy();
  });
});

describe("'Загрузить ещё'", () => {
  it('adds the next page while hasNext is true and disappears after the last one', async () => {
    const calls = stubFetch({
      'GET /api/likes/history': (req) =>
        req.url.searchParams.get('page') === '1'
          ? answer([item({ userId: '1', displayName: 'Первый' })], true)
          : answer([item({ userId: '2', displayName: 'Второй' })], false),
    });
    await renderScreen('/likes-history');
    fireEvent.click(screen.getByRole('button', { name: 'Загрузить ещё' }));
    await flush();
    expect(historyCalls(calls)).toEqual(['received-likes:1:20', 'received-likes:2:20']);
    expect(rows().map((row) => within(row).getByText(/Первый|Второй/).textContent)).toEqual(['Первый', 'Второй']);
    expect(screen.queryByRole('button', { name: 'Загрузить ещё' })).toBeNull();
  });
});

describe("'Удалить старые лайки'", () => {
  it('asks first, does nothing on cancel, and on confirm clears, tells the result and reloads', async () => {
    const calls = stubFetch({
      'GET /api/likes/history': answer([item({ userId: '100012' })]),
      'POST /api/likes/clear-old': { json: { ok: true, removed: 3, message: 'Удалено старых лайков: 3' } },
    });
    await renderScreen('/likes-history');
    fireEvent.click(screen.getByRole('button', { name: 'Удалить старые лайки' }));
    await flush();
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('старше 2 недель');
    expect(dialog.textContent).toContain('нельзя отменить');
    expect(dialog.textContent).toContain('полученные лайки останутся');
    // The server keeps likes that became matches (db/likes/likes.service.ts): the text must not promise 'все'.
    expect(dialog.textContent).not.toContain('все ваши лайки');
    expect(dialog.textContent).toContain('Лайки, ставшие матчами');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await flush(200);
    expect(calls.some((c) => c.url.pathname === '/api/likes/clear-old')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Удалить старые лайки' }));
    await flush();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await flush();
    await flush();
    expect(calls.filter((c) => c.url.pathname === '/api/likes/clear-old').map((c) => c.method)).toEqual(['POST']);
    expect(screen.getByText('Удалено старых лайков: 3')).toBeTruthy();
    expect(historyCalls(calls)).toEqual(['received-likes:1:20', 'received-likes:1:20']);
  });

  it("says 'Ошибка очистки старых лайков' when clearing fails", async () => {
    stubFetch({
      'GET /api/likes/history': answer([]),
      'POST /api/likes/clear-old': { status: 500, json: { ok: false, error: 'INTERNAL', message: 'Внутренняя ошибка сервера' } },
    });
    await renderScreen('/likes-history');
    fireEvent.click(screen.getByRole('button', { name: 'Удалить старые лайки' }));
    await flush();
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await flush();
    await flush();
    expect(screen.getByText('Ошибка очистки старых лайков')).toBeTruthy();
  });
});

it("says 'Ошибка загрузки истории лайков' when the history cannot be loaded, and retries", async () => {
  let fail = true;
  stubFetch({
    'GET /api/likes/history': () =>
      fail
        ? { status: 500, json: { ok: false, error: 'INTERNAL', message: 'Внутренняя ошибка сервера' } }
        : answer([item({ userId: '100012' })]),
  });
  await renderScreen('/likes-history');
  expect(screen.getByRole('alert').textContent).toContain('Ошибка загрузки истории лайков');
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
  await flush();
  expect(rows()).toHaveLength(1);
  expect(screen.queryByRole('alert')).toBeNull();
});

describe('relative time (end-user.md §9)', () => {
  it.each([
    [0, 'Только что'],
    [0.99, 'Только что'],
    [1, '1 ч назад'],
    [23.9, '23 ч назад'],
    [24, 'Вчера'],
    [47.9, 'Вчера'],
  ])('%s h ago is %s', (hours, text) => {
    expect(relativeTime(hoursAgo(hours), NOW)).toBe(text);
  });

  it('is a short ru-RU date from 48 h on', () => {
    expect(relativeTime('2026-03-08T11:00:00Z', NOW)).toBe(new Date('2026-03-08T11:00:00Z').toLocaleDateString('ru-RU'));
    expect(relativeTime('2026-01-05T10:00:00Z', NOW)).toMatch(/^05\.01\.2026$/);
  });
});
