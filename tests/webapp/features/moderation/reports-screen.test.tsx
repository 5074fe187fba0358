import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster } from '../../../../webapp/components/ui/toaster';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { MODERATOR, signIn } from '../../support/session';
import { BAN_PRESETS } from '../../../../contracts/moderation-reasons';
import { report, reportsPage } from './fixtures';

beforeEach(() => {
  signIn(MODERATOR);
  render(<Toaster />);
});

const LIST = '/moderation/reports?status=PENDING';
const cards = () => screen.queryAllByRole('article').filter((a) => a.hasAttribute('data-report-id'));
const cardOf = (id: number) => cards().find((a) => a.getAttribute('data-report-id') === String(id))!;
const listed = (n: number) => waitFor(() => expect(cards()).toHaveLength(n), { timeout: 5000 });

describe('the reports screen', () => {
  it('shows the handle, the type and reason labels, the description and the card, or the card error', async () => {
    stubFetch({ 'GET /api/moderation/reports': { json: reportsPage([report(1), report(2, { profile: null })]) } });
    renderAt(LIST);
    await listed(2);
    const first = cardOf(1);
    for (const text of ['@spammer1', 'Профиль', 'Флуд и спам', 'Присылает рекламу']) expect(first.textContent).toContain(text);
    expect(within(first).getByRole('article', { name: 'Петя, 17' })).toBeTruthy();
    expect(cardOf(2).textContent).toContain('Не удалось загрузить профиль пользователя');
  });

  it('names screening, not a user #0, as the sender of a report it filed', async () => {
    const filed = report(1, {
      reason: 'EXPLICIT_PHOTOS',
      reasonLabel: 'Откровенные фото',
      description: null,
      automatic: true,
      reporter: { telegramId: 0, username: null, firstName: null },
    });
    stubFetch({ 'GET /api/moderation/reports': { json: reportsPage([filed, report(2)]) } });
    renderAt(LIST);
    await listed(2);
    expect(cardOf(1).textContent).toContain('Откровенные фото');
    expect(cardOf(1).textContent).toContain('Создана автоматически: проверка фото');
    expect(cardOf(1).textContent).not.toContain('#0');
    expect(cardOf(2).textContent).toContain('Отправил: @reporter');
  });

  it('a report about the viewer offers no decision, only why', async () => {
    stubFetch({
      'GET /api/moderation/reports': {
        json: reportsPage([
          report(1, { reportedUser: { telegramId: MODERATOR.telegramId, username: 'me', firstName: 'Я', isBanned: false } }),
          report(2),
        ]),
      },
    });
    renderAt(LIST);
    await listed(2);
    expect(within(cardOf(1)).getByText('Нельзя рассматривать жалобу на себя')).toBeTruthy();
    expect(within(cardOf(1)).queryByRole('button', { name: 'Заблокировать' })).toBeNull();
    expect(within(cardOf(1)).queryByRole('button', { name: 'Отклонить жалобу' })).toBeNull();
    expect(within(cardOf(2)).getByRole('button', { name: 'Отклонить жалобу' })).toBeTruthy();
  });

  it('shows a reported message among its neighbours', async () => {
    const messages = [
      { id: 10, fromReported: false, isReported: false, type: 'TEXT', text: 'привет', photoUrl: null, sentAt: '2026-11-20T10:00:00.000Z' },
      {
        id: 11,
        fromReported: true,
        isReported: true,
        type: 'TEXT',
        text: 'купи подписку',
        photoUrl: null,
        sentAt: '2026-11-20T10:01:00.000Z',
      },
    ];
    stubFetch({
      'GET /api/moderation/reports': { json: reportsPage([report(3, { reportType: 'MESSAGE', typeLabel: 'Сообщение', messages })]) },
    });
    renderAt(LIST);
    await listed(1);
    const thread = within(cardOf(3)).getByRole('list', { name: 'Переписка' });
    expect(
      within(thread)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('привет'), expect.stringContaining('Жалоба на это сообщениекупи подписку')]);
  });

  it('block needs a reason of 20+ characters or a preset one tap away; reject acts at once; both remove the report', async () => {
    const calls = stubFetch({
      'GET /api/moderation/reports': { json: reportsPage([report(1), report(2), report(3)]) },
      'POST /api/moderation/report/action': { json: { ok: true, status: 'BLOCKED' } },
    });
    renderAt(LIST);
    await listed(3);
    await userEvent.click(within(cardOf(1)).getByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заблокировать пользователя' });
    const confirm = within(dialog).getByRole('button', { name: 'Заблокировать' }) as HTMLButtonElement;
    const field = within(dialog).getByLabelText('Причина') as HTMLTextAreaElement;
    await userEvent.type(field, ` ${'я'.repeat(19)} `);
    expect(confirm.disabled).toBe(true);
    const presets = within(within(dialog).getByRole('group', { name: 'Готовые причины' })).getAllByRole('button');
    expect(presets.map((b) => b.textContent)).toEqual([...BAN_PRESETS]);
    await userEvent.click(presets[2]!);
    expect(field.value).toBe(BAN_PRESETS[2]);
    expect(confirm.disabled).toBe(false);
    // Free text stays possible: the preset can be edited.
    await userEvent.type(field, ', повторно');
    await userEvent.click(confirm);
    await listed(2);
    expect(calls.filter((c) => c.method === 'POST')[0]!.body).toMatchObject({
      reportId: 1,
      action: 'BLOCK',
      reason: `${BAN_PRESETS[2]}, повторно`,
    });
    await userEvent.click(within(cardOf(2)).getByRole('button', { name: 'Отклонить жалобу' }));
    await listed(1);
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toMatchObject({ reportId: 2, action: 'REJECT' });
    await userEvent.click(within(cardOf(3)).getByRole('button', { name: 'Пропустить' }));
    expect(await screen.findByText('Нет жалоб')).toBeTruthy();
  });

  it('warns or removes the reported message in one tap; removal is offered only for a reported message', async () => {
    const message = {
      id: 77,
      fromReported: true,
      isReported: true,
      type: 'TEXT',
      text: 'грубость',
      photoUrl: null,
      sentAt: '2026-11-21T10:00:00.000Z',
    };
    const calls = stubFetch({
      'GET /api/moderation/reports': {
        json: reportsPage([report(1), report(2, { reportType: 'MESSAGE', typeLabel: 'Сообщение', messages: [message] })]),
      },
      'POST /api/moderation/report/action': { json: { ok: true, status: 'WARNED' } },
    });
    renderAt(LIST);
    await listed(2);
    expect(within(cardOf(1)).queryByRole('button', { name: 'Удалить сообщение' })).toBeNull();
    await userEvent.click(within(cardOf(2)).getByRole('button', { name: 'Удалить сообщение' }));
    await listed(1);
    expect(await screen.findByText('Сообщение удалено')).toBeTruthy();
    await userEvent.click(within(cardOf(1)).getByRole('button', { name: 'Предупредить' }));
    expect(await screen.findByText('Нет жалоб')).toBeTruthy();
    expect(await screen.findByText('Пользователь предупреждён')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reportId: 2, action: 'REMOVE_MESSAGE' },
      { reportId: 1, action: 'WARN' },
    ]);
  });

  it("a failed block reads 'Не удалось заблокировать'; a failed load 'Не удалось загрузить жалобы'", async () => {
    stubFetch({
      'GET /api/moderation/reports': { json: reportsPage([report(1)]) },
      'POST /api/moderation/report/action': { status: 502, json: null },
    });
    renderAt(LIST);
    await listed(1);
    await userEvent.click(within(cardOf(1)).getByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заблокировать пользователя' });
    await userEvent.type(within(dialog).getByLabelText('Причина'), 'Спам в чатах и оскорбления');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Заблокировать' }));
    expect(await screen.findByText('Не удалось заблокировать')).toBeTruthy();
    expect(cards()).toHaveLength(1);
  });

  it("says 'Не удалось загрузить жалобы' when the list fails", async () => {
    stubFetch({ 'GET /api/moderation/reports': new TypeError('Failed to fetch') });
    renderAt(LIST);
    expect(await screen.findByText('Не удалось загрузить жалобы', {}, { timeout: 5000 })).toBeTruthy();
  });
});
