import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LineChartProps } from '../../../../webapp/features/admin/components/line-chart';
import { stubFetch, type Route } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { ADMIN, MODERATOR, signIn } from '../../support/session';
import { useAdminStats } from '../../../../webapp/features/admin/hooks/use-admin-stats';
import { fetchAdminStats, type AdminStats } from '../../../../webapp/features/admin/api/stats-api';
import { expectLatestAnswerOnly } from './fixtures';

// The first test of a file also waits for the lazily loaded admin chunks to compile.
vi.setConfig({ testTimeout: 15_000 });

// jsdom has no canvas: the chart is replaced by its data, which is what the test checks.
vi.mock('../../../../webapp/features/admin/components/line-chart', () => ({
  default: ({ days, series }: LineChartProps) => (
    <div data-testid="chart" data-days={days.length} data-series={series.map((s) => `${s.label}=${s.values.join(',')}`).join(';')} />
  ),
}));

// The real calls, which a test can replace once to answer late.
vi.mock('../../../../webapp/features/admin/api/stats-api', async (actual) => {
  const real = await actual<typeof import('../../../../webapp/features/admin/api/stats-api')>();
  return { ...real, fetchAdminStats: vi.fn(real.fetchAdminStats) };
});

const days = Array.from({ length: 30 }, (_, i) => `2026-10-${String(i + 1).padStart(2, '0')}`);
const moderator = (telegramId: number, label: string, decisions: number, medianMinutes: number) => ({
  telegramId,
  label,
  decisions,
  medianMinutes,
});

function serve(moderators: unknown, overrides: Record<string, Route> = {}) {
  return stubFetch({
    'GET /api/stats/overview': { json: { ok: true, totalUsers: 1234, usersToday: 5, usersThisWeek: 41, pendingModeration: 3 } },
    'GET /api/stats/registrations': { json: { ok: true, registrations: days.map((day, i) => ({ day, count: i % 3 })) } },
    'GET /api/stats/activity': { json: { ok: true, activity: days.map((day, i) => ({ day, messages: i, likes: 2 })) } },
    'GET /api/stats/moderators': { json: { ok: true, ...(moderators as object) } },
    'GET /api/stats/screening': {
      json: {
        ok: true,
        screening: days.map((day, i) => ({
          day,
          refused: i === 27 ? 3 : 0,
          flagged: i === 29 ? 2 : 0,
          warned: i >= 28 ? 1 : 0,
          ageFlagged: i === 26 || i === 29 ? 1 : 0,
        })),
      },
    },
    ...overrides,
  });
}

describe('the admin statistics', () => {
  beforeEach(() => signIn(ADMIN));

  it('shows the counts, the best and worst moderator and the 30-day charts', async () => {
    const calls = serve({ best: moderator(100002, '@demo_moderator', 12, 14), worst: moderator(100003, '@slow_mod', 3, 190), note: null });
    renderAt('/admin/stats');
    const tiles = await screen.findByRole('list', { name: 'Пользователи' }, { timeout: 10_000 });
    expect(
      within(tiles)
        .getAllByRole('listitem')
        .map((li) => li.textContent!.replace(/\s/g, ' ')),
    ).toEqual(['5Сегодня', '41За 7 дней', '1 234Всего', '3На модерации']);
    expect(within(screen.getByRole('region', { name: 'Лучший модератор' })).getByText('@demo_moderator')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Лучший модератор' }).textContent).toContain('12 решений · медиана 14 мин');
    expect(screen.getByRole('region', { name: 'Худший модератор' }).textContent).toContain('3 решения · медиана 3,2 ч');
    const charts = await screen.findAllByTestId('chart');
    expect(charts.map((c) => c.getAttribute('data-days'))).toEqual(['30', '30', '30']);
    expect(charts[0]!.getAttribute('data-series')).toMatch(/^Регистрации=0,1,2,0/);
    expect(charts[1]!.getAttribute('data-series')).toMatch(/^Сообщения=0,1,2.*;Лайки=2,2/);
    expect(screen.getByRole('figure', { name: 'Активность по дням' }).textContent).toContain('Лайки: 60');
    expect(calls.find((c) => c.url.pathname === '/api/stats/registrations')!.url.searchParams.get('days')).toBe('30');
  });

  it("shows a 'Проверка фото' chart and the days screening acted on, newest first", async () => {
    const calls = serve({ best: null, worst: null, note: null });
    renderAt('/admin/stats');
    const figure = await screen.findByRole('figure', { name: 'Проверка фото' }, { timeout: 10_000 });
    expect(figure.textContent).toContain('Отклонено: 3 · На проверку: 2 · С предупреждением: 2');
    const chart = await within(figure).findByTestId('chart');
    expect(chart.getAttribute('data-days')).toBe('30');
    expect(chart.getAttribute('data-series')).toMatch(/^Отклонено=(0,){27}3,0,0;На проверку=(0,){29}2;С предупреждением=(0,){28}1,1$/);
    const table = within(screen.getByRole('region', { name: 'Проверка фото по дням' })).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => Array.from(row.querySelectorAll('th, td'), (cell) => cell.textContent));
    expect(rows).toEqual([
      ['День', 'Отклонено', 'На проверку', 'С предупреждением', 'Проверьте возраст'],
      ['30.10', '0', '2', '1', '1'],
      ['29.10', '0', '0', '1', '0'],
      ['28.10', '3', '0', '0', '0'],
      ['27.10', '0', '0', '0', '1'],
    ]);
    expect(calls.find((c) => c.url.pathname === '/api/stats/screening')!.url.searchParams.get('days')).toBe('30');
  });

  it('says so when screening acted on no day', async () => {
    serve(
      { best: null, worst: null, note: null },
      { 'GET /api/stats/screening': { json: { ok: true, screening: days.map((day) => ({ day, refused: 0, flagged: 0, warned: 0 })) } } },
    );
    renderAt('/admin/stats');
    const block = await screen.findByRole('region', { name: 'Проверка фото по дням' }, { timeout: 10_000 });
    expect(within(block).getByText('Проверка ничего не отклоняла и не отмечала')).toBeTruthy();
    expect(within(block).queryByRole('table')).toBeNull();
  });

  it("says 'Недостаточно данных' with the note when there are too few moderators", async () => {
    serve({ best: null, worst: null, note: 'Нужно хотя бы два модератора с решениями' });
    renderAt('/admin/stats');
    const best = await screen.findByRole('region', { name: 'Лучший модератор' }, { timeout: 10_000 });
    expect(within(best).getByText('Недостаточно данных')).toBeTruthy();
    expect(within(best).getByText('Нужно хотя бы два модератора с решениями')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Худший модератор' })).getByText('Недостаточно данных')).toBeTruthy();
  });

  it('shows an error with a retry when a call fails', async () => {
    let fail = true;
    serve(
      { best: null, worst: null, note: 'Недостаточно данных' },
      {
        'GET /api/stats/activity': () =>
          fail ? { status: 500, json: { ok: false, error: 'INTERNAL', message: 'Ошибка запроса' } } : { json: { ok: true, activity: [] } },
      },
    );
    renderAt('/admin/stats');
    expect(await screen.findByText('Ошибка запроса', {}, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Пользователи' })).toBeTruthy());
    expect(screen.getAllByText('Недостаточно данных')).toHaveLength(2);
  });

  it("takes only the latest request's answer: an older one answering after a reload (even after the newer answer) is dropped", async () => {
    const stats = (totalUsers: number) => ({ overview: { totalUsers } }) as AdminStats;
    await expectLatestAnswerOnly(vi.mocked(fetchAdminStats), () => useAdminStats(), 'stats', [stats(1000), stats(2000), stats(3000)]);
  });

  it('shows the last answer at once on a return to the screen while it asks again, then the new answer', async () => {
    let totalUsers = 1234;
    let answerLate: (() => void) | null = null;
    serve(
      { best: null, worst: null, note: null },
      {
        'GET /api/stats/overview': () => {
          const json = { ok: true, totalUsers, usersToday: 5, usersThisWeek: 41, pendingModeration: 3 };
          if (totalUsers === 1234) return { json };
          return new Promise((resolve) => (answerLate = () => resolve({ json })));
        },
      },
    );
    const first = renderAt('/admin/stats');
    const tiles = await screen.findByRole('list', { name: 'Пользователи' }, { timeout: 10_000 });
    expect(tiles.textContent).toMatch(/1\s234/);
    first.unmount();
    totalUsers = 1300;
    renderAt('/admin/stats');
    // The cached answer, before the new request has answered.
    expect((await screen.findByRole('list', { name: 'Пользователи' })).textContent).toMatch(/1\s234/);
    await waitFor(() => expect(answerLate).not.toBeNull());
    answerLate!();
    await waitFor(() => expect(screen.getByRole('list', { name: 'Пользователи' }).textContent).toMatch(/1\s300/));
  });

  it("is for admins only: a moderator sees 'Доступ запрещён'", async () => {
    signIn(MODERATOR);
    const calls = serve({ best: null, worst: null, note: null });
    renderAt('/admin/stats');
    expect(await screen.findByText('Доступ запрещён', {}, { timeout: 10_000 })).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/stats'))).toHaveLength(0);
  });
});
