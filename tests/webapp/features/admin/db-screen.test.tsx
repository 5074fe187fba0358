import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch, type Route } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { ADMIN, MODERATOR, signIn } from '../../support/session';
import { browseTable } from '../../../../webapp/features/admin/api/db-api';
import { useDbTable } from '../../../../webapp/features/admin/hooks/use-db-table';
import { browsePage, col, expectLatestAnswerOnly, profileRow, renderHosts } from './fixtures';

// The first test of a file also waits for the lazily loaded admin chunks to compile.
vi.setConfig({ testTimeout: 15_000 });

// The real call, which a test can replace once to answer late.
vi.mock('../../../../webapp/features/admin/api/db-api', async (actual) => {
  const real = await actual<typeof import('../../../../webapp/features/admin/api/db-api')>();
  return { ...real, browseTable: vi.fn(real.browseTable) };
});

beforeEach(() => {
  signIn(ADMIN);
  renderHosts();
});

const OVERVIEW = {
  json: {
    ok: true,
    overview: [
      { model: 'Profile', count: 40 },
      { model: 'User', count: 42 },
    ],
  },
};
const grid = () => screen.findByRole('table', {}, { timeout: 10_000 });
const cellOf = (column: string, row = 0) =>
  screen.getAllByRole('row').slice(1)[row]!.querySelector(`td[data-column="${column}"]`) as HTMLElement;

function serve(routes: Record<string, Route> = {}) {
  return stubFetch({
    'GET /api/admin-db/overview': OVERVIEW,
    'POST /api/admin-db/browse': (req) => ({
      json: browsePage(
        Array.from({ length: req.body!.page === 2 ? 15 : 25 }, (_, i) => profileRow(i + 1 + (Number(req.body!.page) - 1) * 25)),
        Number(req.body!.page),
        40,
      ),
    }),
    ...routes,
  });
}

describe('the database browser', () => {
  it('lists the tables with row counts and opens Profile, 25 rows a page, until there is no more data', async () => {
    const calls = serve();
    renderAt('/admin/db');
    await grid();
    const side = screen.getAllByRole('list', { name: 'Таблицы' })[0]!;
    expect(
      within(side)
        .getByRole('button', { name: /Profile\s*40/ })
        .getAttribute('aria-current'),
    ).toBe('true');
    expect(within(side).getByRole('button', { name: /User\s*42/ })).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(26);
    expect(calls.find((c) => c.url.pathname === '/api/admin-db/browse')!.body).toMatchObject({ model: 'Profile', page: 1, limit: 25 });
    expect(screen.queryByText('Больше данных нет')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Следующая страница' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(16));
    expect(screen.getByText('Больше данных нет')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Следующая страница' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('saves an edited cell with the primary key and the coerced value', async () => {
    const calls = serve({
      'POST /api/admin-db/update': (req) => ({ json: { ok: true, row: { ...profileRow(1), ...(req.body!.data as object) } } }),
    });
    renderAt('/admin/db');
    await grid();
    await userEvent.click(within(cellOf('heightCm')).getByRole('button'));
    const field = within(cellOf('heightCm')).getByLabelText('heightCm');
    await userEvent.clear(field);
    await userEvent.type(field, '181{Enter}');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/admin-db/update')).toBe(true));
    expect(calls.find((c) => c.url.pathname === '/api/admin-db/update')!.body).toMatchObject({
      model: 'Profile',
      where: { id: 1 },
      data: { heightCm: 181 },
    });
    await waitFor(() => expect(cellOf('heightCm').textContent).toBe('181'));
  });

  it("puts the old value back and says 'Ошибка сохранения' with the server's words when refused", async () => {
    serve({
      'POST /api/admin-db/update': { status: 400, json: { ok: false, error: 'BAD_REQUEST', message: 'Некорректное значение поля' } },
    });
    renderAt('/admin/db');
    await grid();
    await userEvent.click(within(cellOf('isHidden')).getByRole('button'));
    await userEvent.click(within(cellOf('isHidden')).getByRole('checkbox'));
    await userEvent.keyboard('{Enter}');
    const alert = await screen.findByText('Ошибка сохранения');
    expect(alert.parentElement!.textContent).toContain('Некорректное значение поля');
    await waitFor(() => expect(cellOf('isHidden').textContent).toBe('нет'));
  });

  it('refuses to edit a row without a primary key', async () => {
    const calls = serve({ 'POST /api/admin-db/browse': { json: browsePage([{ city: 'Минск' }], 1, 1, [col('city', 'string')]) } });
    renderAt('/admin/db');
    await grid();
    await userEvent.click(within(cellOf('city')).getByRole('button'));
    await userEvent.type(within(cellOf('city')).getByLabelText('city'), '-2{Enter}');
    expect(await screen.findByText('Нельзя обновить запись: нет первичного ключа')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/admin-db/update')).toBe(false);
  });

  it('opens another table from the list and keeps the choice in the address', async () => {
    const calls = serve();
    renderAt('/admin/db');
    await grid();
    await userEvent.click(screen.getAllByRole('button', { name: /User\s*42/ })[0]!);
    await waitFor(() =>
      expect(calls.filter((c) => c.url.pathname === '/api/admin-db/browse').at(-1)!.body).toMatchObject({ model: 'User', page: 1 }),
    );
    expect(screen.getByTestId('location').textContent).toBe('/admin/db?model=User&page=1');
  });

  it("says 'Не удалось получить список таблиц' when the overview fails; moderators are refused", async () => {
    serve({ 'GET /api/admin-db/overview': { status: 500, json: { ok: false, error: 'INTERNAL', message: 'x' } } });
    const { unmount } = renderAt('/admin/db');
    expect((await screen.findAllByText('Не удалось получить список таблиц', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    unmount();
    signIn(MODERATOR);
    renderAt('/admin/db');
    expect(await screen.findByText('Доступ запрещён', {}, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows moderation decisions read-only, with the hint to decide them in the moderation screens', async () => {
    const HINT = 'Решения модерации меняются только в разделе «Модерация»: там их видит пользователь и применяет анкета';
    const columns = [
      col('id', 'number', { primary: true, editable: false }),
      col('status', 'enum', { editable: false, readOnlyHint: HINT, enumValues: ['PENDING', 'APPROVED'] }),
      col('description', 'text'),
    ];
    serve({ 'POST /api/admin-db/browse': { json: browsePage([{ id: 7, status: 'PENDING', description: 'Спам' }], 1, 1, columns) } });
    renderAt('/admin/db?model=Report');
    await grid();
    expect(screen.getByRole('note').textContent).toContain(`status: ${HINT}`);
    expect(within(cellOf('status')).queryByRole('button')).toBeNull();
    expect(within(cellOf('status')).getByTitle(HINT).textContent).toBe('PENDING');
    expect(within(cellOf('description')).getByRole('button')).toBeTruthy();
  });

  it("shows Telegram's fields read-only with why, each reason in a note of its own", async () => {
    const TELEGRAM = 'Эти поля приходят из Telegram и обновляются при каждом запуске';
    const OTHER = 'Другая причина';
    const columns = [
      col('telegramId', 'number', { primary: true, editable: false }),
      col('username', 'string', { editable: false, readOnlyHint: TELEGRAM }),
      col('firstName', 'string', { editable: false, readOnlyHint: TELEGRAM }),
      col('role', 'string', { editable: false, readOnlyHint: OTHER }),
    ];
    serve({
      'POST /api/admin-db/browse': {
        json: browsePage([{ telegramId: 7, username: 'lisa', firstName: 'Лиза', role: 'USER' }], 1, 1, columns),
      },
    });
    renderAt('/admin/db?model=User');
    await grid();
    expect(screen.getAllByRole('note').map((n) => n.textContent)).toEqual([`🔒 username, firstName: ${TELEGRAM}`, `🔒 role: ${OTHER}`]);
    expect(within(cellOf('username')).queryByRole('button')).toBeNull();
    expect(within(cellOf('username')).getByTitle(TELEGRAM).textContent).toBe('lisa');
  });

  it("takes only the latest request's answer: an older one answering after a reload (even after the newer answer) is dropped", async () => {
    const page = (city: string) => browsePage([profileRow(1, { city })]);
    await expectLatestAnswerOnly(vi.mocked(browseTable), () => useDbTable('Profile', 1), 'page', [
      page('Первый'),
      page('Второй'),
      page('Третий'),
    ]);
  });
});
