import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../../webapp/components/ui/toaster';
import { stubFetch, type StubRequest } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { MODERATOR, signIn } from '../../support/session';
import { item, page } from './fixtures';

beforeEach(() => {
  signIn(MODERATOR);
  render(<Toaster />);
});

/** The moderation chunk loads lazily; the first render waits for it. */
const listed = (n: number) => waitFor(() => expect(cards()).toHaveLength(n), { timeout: 5000 });

const REASON = 'На фото не видно лица, замените';
const LIST = '/moderation/profiles?type=INITIAL&status=PENDING';
const cards = () => screen.queryAllByRole('article').filter((a) => a.hasAttribute('data-item-id'));
const cardOf = (id: number) => cards().find((a) => a.getAttribute('data-item-id') === String(id))!;

function serve(
  items = [item(1), item(2), item(3)],
  decide: (req: StubRequest) => unknown = () => ({ json: { ok: true, status: 'APPROVED' } }),
) {
  return stubFetch({
    'GET /api/moderation/items': () => ({ json: page(items) }),
    'POST /api/moderation/item/status': (req) => decide(req) as never,
  });
}

describe('the review list', () => {
  it('shows the sex each profile chose, and says when none was stored (AMENDMENTS §5.2)', async () => {
    serve([item(1), item(2, { payload: { ...item(2).payload, sex: 'MALE' } }), item(3, { payload: { ...item(3).payload, sex: null } })]);
    renderAt(LIST);
    await listed(3);
    expect(within(cardOf(1)).getByText('Пол: Женский')).toBeTruthy();
    expect(within(cardOf(2)).getByText('Пол: Мужской')).toBeTruthy();
    expect(within(cardOf(3)).getByText('Пол: не указан')).toBeTruthy();
  });

  it('shows each item with its badge, the user label and the card; the label copies the username', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    const calls = serve();
    renderAt(LIST);
    expect(await screen.findByRole('heading', { level: 2, name: 'Новые анкеты' }, { timeout: 5000 })).toBeTruthy();
    await listed(3);
    const first = cardOf(1);
    expect(within(first).getByTestId('type-badge').textContent).toBe('Новый профиль');
    expect(within(first).getByRole('article', { name: 'Аня1, 16' })).toBeTruthy();
    expect(within(first).getAllByRole('img').length).toBeGreaterThan(0);
    await userEvent.click(within(first).getByRole('button', { name: /@anya1/ }));
    expect(writeText).toHaveBeenCalledWith('@anya1');
    const query = calls.find((c) => c.url.pathname === '/api/moderation/items')!.url.searchParams;
    expect([query.get('type'), query.get('status'), query.get('page'), query.get('limit')]).toEqual(['INITIAL', 'PENDING', '1', '10']);
  });

  it('approve acts at once and the item leaves the list; skip changes nothing on the server', async () => {
    const calls = serve();
    renderAt(LIST);
    await listed(3);
    await userEvent.click(within(cardOf(1)).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(cards()).toHaveLength(2));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ itemId: 1, status: 'APPROVED' });
    await userEvent.click(within(cardOf(2)).getByRole('button', { name: 'Пропустить' }));
    expect(cards()).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('reject needs 20–500 characters and offers the ban for a new profile', async () => {
    const calls = serve();
    renderAt(LIST);
    await listed(3);
    await userEvent.click(within(cardOf(1)).getByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отклонить' });
    const confirm = within(dialog).getByRole('button', { name: 'Отклонить' }) as HTMLButtonElement;
    await userEvent.type(within(dialog).getByLabelText('Причина'), '   коротко   ');
    expect(confirm.disabled).toBe(true);
    expect(within(dialog).getByText('Ещё минимум 13 символов')).toBeTruthy();
    await userEvent.clear(within(dialog).getByLabelText('Причина'));
    await userEvent.type(within(dialog).getByLabelText('Причина'), REASON);
    await userEvent.click(within(dialog).getByLabelText('Заблокировать пользователя'));
    expect(confirm.disabled).toBe(false);
    await userEvent.click(confirm);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ itemId: 1, status: 'REJECTED', reason: REASON, banUser: true });
  });

  it('the partial reject sends the checked fields; edits have no partial reject and show before/after', async () => {
    const edit = item(5, {
      type: 'PROFILE_EDIT',
      meta: { isNewProfile: false, typeLabel: 'Изменения анкеты', userLabel: '@anya5' },
      payload: {
        ...item(5).payload,
        isNewProfile: false,
        changes: {
          displayName: { changed: true, value: 'Марина', previous: 'Аня' },
          heightCm: { changed: true, value: 180, previous: null },
        },
      },
    });
    const calls = serve([item(1), edit]);
    renderAt(LIST);
    await listed(2);
    expect(within(cardOf(5)).queryByRole('button', { name: 'Несоответствие' })).toBeNull();
    expect(within(cardOf(5)).getByLabelText('Изменения')).toBeTruthy();
    expect(cardOf(5).textContent).toContain('Аня → Марина');
    expect(cardOf(5).textContent).toContain('— → 180 см');
    await userEvent.click(within(cardOf(1)).getByRole('button', { name: 'Несоответствие' }));
    const dialog = await screen.findByRole('dialog', { name: 'Несоответствие' });
    const labels = within(dialog)
      .getAllByRole('checkbox')
      .map((c) => c.closest('label')!.textContent);
    expect(labels).toEqual(['Имя', 'Возраст', 'Город', 'Описание', 'Рост', 'Ориентация', 'Фото']);
    await userEvent.click(within(dialog).getByLabelText('Фото'));
    await userEvent.click(within(dialog).getByLabelText('Имя'));
    await userEvent.type(within(dialog).getByLabelText('Причина'), REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
        itemId: 1,
        status: 'DISCREPANT',
        reason: REASON,
        fields: ['displayName', 'photos'],
      }),
    );
  });

  it('a 409 shows who decided and drops the item; any other failure shows the spec text and keeps it', async () => {
    let answer = 409;
    serve([item(1), item(2), item(3)], () =>
      answer === 409
        ? { status: 409, json: { ok: false, error: 'CONFLICT', message: 'Уже рассмотрено: Одобрено — @moder, 20.11.2026, 13:00 МСК' } }
        : new TypeError('Failed to fetch'),
    );
    renderAt(LIST);
    await listed(3);
    await userEvent.click(within(cardOf(1)).getByRole('button', { name: 'Одобрить' }));
    expect(await screen.findByText('Уже рассмотрено: Одобрено — @moder, 20.11.2026, 13:00 МСК')).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(2));
    answer = 0;
    await userEvent.click(within(cardOf(2)).getByRole('button', { name: 'Одобрить' }));
    expect(await screen.findByText('Failed to update moderation status')).toBeTruthy();
    expect(cards()).toHaveLength(2);
  });

  it('an item changed under the moderator: the refusal shows, the item is shown again, the next decision sends its new version', async () => {
    const CHANGED = 'Заявка изменилась, откройте её заново';
    const changed = item(1, {
      version: 2,
      meta: { isNewProfile: true, typeLabel: 'Новый профиль', userLabel: '@anya1' },
      payload: { ...item(1).payload, profile: { ...item(1).payload.profile!, displayName: 'Другая' } },
    });
    let first = true;
    const calls = stubFetch({
      'GET /api/moderation/items': (req) => ({ json: page(req.url.searchParams.get('itemId') === '1' ? [changed] : [item(1), item(2)]) }),
      'POST /api/moderation/item/status': () => {
        if (!first) return { json: { ok: true, status: 'APPROVED' } };
        first = false;
        return { status: 409, json: { ok: false, error: 'CONFLICT', message: CHANGED, changed: true, version: 2 } };
      },
    });
    renderAt(LIST);
    await listed(2);
    await userEvent.click(within(cardOf(1)).getByRole('button', { name: 'Одобрить' }));
    expect(await screen.findByText(CHANGED)).toBeTruthy();
    expect(await within(cardOf(1)).findByRole('article', { name: 'Другая, 16' })).toBeTruthy();
    expect(cards()).toHaveLength(2);
    await userEvent.click(within(cardOf(1)).getByRole('button', { name: 'Одобрить' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      expect.objectContaining({ itemId: 1, version: 1 }),
      expect.objectContaining({ itemId: 1, version: 2 }),
    ]);
  });

  it("loads more with 'Загрузить ещё', and by itself when the list runs low", async () => {
    const all = Array.from({ length: 14 }, (_, i) => item(i + 1));
    const calls = stubFetch({
      'GET /api/moderation/items': (req) => {
        const after = Number(req.url.searchParams.get('afterId') ?? 0);
        const rest = all.filter((i) => i.id > after);
        return { json: page(rest.slice(0, 10), rest.length) };
      },
      'POST /api/moderation/item/status': { json: { ok: true, status: 'APPROVED' } },
    });
    renderAt(LIST);
    await listed(10);
    await userEvent.click(screen.getByRole('button', { name: 'Загрузить ещё' }));
    await waitFor(() => expect(cards()).toHaveLength(14));
    expect(calls.at(-1)!.url.searchParams.get('afterId')).toBe('10');
    expect(screen.queryByRole('button', { name: 'Загрузить ещё' })).toBeNull();
  });

  it('asks for the next page when only two are left', async () => {
    const all = Array.from({ length: 13 }, (_, i) => item(i + 1));
    const calls = stubFetch({
      'GET /api/moderation/items': (req) => {
        const after = Number(req.url.searchParams.get('afterId') ?? 0);
        return { json: page(all.filter((i) => i.id > after).slice(0, 10), 13) };
      },
    });
    renderAt(LIST);
    await listed(10);
    for (let id = 1; id <= 8; id++) await userEvent.click(within(cardOf(id)).getByRole('button', { name: 'Пропустить' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(calls.filter((c) => c.url.pathname === '/api/moderation/items')).toHaveLength(2);
  });

  it('shows the cards left at once on a return to the list; the fresh answer then drops those decided meanwhile', async () => {
    let held: (() => void) | null = null;
    let visit = 0;
    stubFetch({
      'GET /api/moderation/items': () => {
        visit += 1;
        if (visit === 1) return { json: page([item(1), item(2), item(3)]) };
        return new Promise((resolve) => (held = () => resolve({ json: page([item(3)]) })));
      },
    });
    const first = renderAt(LIST);
    await listed(3);
    await userEvent.click(within(cardOf(1)).getByRole('button', { name: 'Пропустить' }));
    await listed(2);
    first.unmount();
    renderAt(LIST);
    await waitFor(() => expect(held).not.toBeNull(), { timeout: 5000 });
    expect(cards().map((c) => c.getAttribute('data-item-id'))).toEqual(['2', '3']);
    held!();
    await waitFor(() => expect(cards().map((c) => c.getAttribute('data-item-id'))).toEqual(['3']));
  });

  it("says 'Нет анкет на модерации' when nothing waits, and the load error when the call fails", async () => {
    serve([]);
    const first = renderAt(LIST);
    expect(await screen.findByText('Нет анкет на модерации', {}, { timeout: 5000 })).toBeTruthy();
    first.unmount();
    stubFetch({
      'GET /api/moderation/items': { status: 500, json: { ok: false, error: 'INTERNAL', message: 'Внутренняя ошибка сервера' } },
    });
    renderAt(LIST);
    expect(await screen.findByText('Не удалось загрузить анкеты на модерацию')).toBeTruthy();
  });
});

describe('the hub and the profiles menu', () => {
  const counts = { ok: true, counts: { INITIAL: 4, PROFILE_DESCRIPTION: 2, PROFILE_EDIT: 1, PHOTOS: 2, reports: 5 } };

  it('shows the four queues with their counts', async () => {
    stubFetch({ 'GET /api/moderation/counts': { json: counts } });
    renderAt('/moderation');
    const nav = await screen.findByRole('navigation', { name: 'Очереди модерации' }, { timeout: 5000 });
    await waitFor(() => expect(within(nav).getByLabelText('Новые анкеты: 4')).toBeTruthy());
    expect(within(nav).getByLabelText('Описания: 2')).toBeTruthy();
    expect(within(nav).getByLabelText('Изменения: 3')).toBeTruthy();
    expect(within(nav).getByLabelText('Жалобы: 5')).toBeTruthy();
    await userEvent.click(within(nav).getByText('Новые анкеты'));
    expect(screen.getByTestId('location').textContent).toBe('/moderation/profiles?type=INITIAL&status=PENDING');
  });

  it('/moderation/profiles without type and status is a menu', async () => {
    stubFetch({ 'GET /api/moderation/counts': { json: counts } });
    renderAt('/moderation/profiles');
    expect(await screen.findByRole('heading', { level: 2, name: 'Анкеты' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getAllByRole('link').map((l) => l.getAttribute('href'))).toContain('/moderation/reports?status=PENDING');
  });
});
