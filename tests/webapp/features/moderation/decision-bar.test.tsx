import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { REJECT_PRESETS } from '../../../../contracts/moderation-reasons';
import { Toaster } from '../../../../webapp/components/ui/toaster';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { MODERATOR, signIn } from '../../support/session';
import { item, page, report, reportsPage } from './fixtures';

beforeEach(() => {
  signIn(MODERATOR);
  render(<Toaster />);
});

const articles = (attr: string) => screen.queryAllByRole('article').filter((a) => a.hasAttribute(attr));

describe('the decision bar on a phone', () => {
  it('a review card ends with one toolbar holding every decision', async () => {
    stubFetch({ 'GET /api/moderation/items': { json: page([item(1)]) } });
    renderAt('/moderation/profiles?type=INITIAL&status=PENDING');
    await waitFor(() => expect(articles('data-item-id')).toHaveLength(1), { timeout: 5000 });
    const card = articles('data-item-id')[0]!;
    const bar = within(card).getByRole('toolbar', { name: 'Решение' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Одобрить', 'Отклонить', 'Несоответствие', 'Пропустить']);
    expect(card.lastElementChild).toBe(bar);
  });

  it('a report card ends its content with one toolbar holding every decision', async () => {
    stubFetch({ 'GET /api/moderation/reports': { json: reportsPage([report(1)]) } });
    renderAt('/moderation/reports?status=PENDING');
    await waitFor(() => expect(articles('data-report-id')).toHaveLength(1), { timeout: 5000 });
    const bar = within(articles('data-report-id')[0]!).getByRole('toolbar', { name: 'Решение' });
    expect(
      within(bar)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Заблокировать', 'Предупредить', 'Отклонить жалобу', 'Пропустить']);
  });
});

describe('preset reasons in the reject dialog', () => {
  it('the bot’s presets are one tap away and free text stays possible', async () => {
    const calls = stubFetch({
      'GET /api/moderation/items': { json: page([item(1), item(2)]) },
      'POST /api/moderation/item/status': { json: { ok: true, status: 'REJECTED' } },
    });
    renderAt('/moderation/profiles?type=INITIAL&status=PENDING');
    await waitFor(() => expect(articles('data-item-id')).toHaveLength(2), { timeout: 5000 });
    await userEvent.click(within(articles('data-item-id')[0]!).getByRole('button', { name: 'Отклонить' }));
    let dialog = await screen.findByRole('dialog', { name: 'Отклонить' });
    const presets = within(within(dialog).getByRole('group', { name: 'Готовые причины' })).getAllByRole('button');
    expect(presets.map((b) => b.textContent)).toEqual([...REJECT_PRESETS]);
    expect(REJECT_PRESETS.every((p) => p.length >= 20)).toBe(true);
    await userEvent.click(presets[1]!);
    expect(presets[1]!.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(articles('data-item-id')).toHaveLength(1));
    await userEvent.click(within(articles('data-item-id')[0]!).getByRole('button', { name: 'Отклонить' }));
    dialog = await screen.findByRole('dialog', { name: 'Отклонить' });
    await userEvent.type(within(dialog).getByLabelText('Причина'), 'Своими словами: замените главное фото');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'POST').map((c) => (c.body as { reason: string }).reason)).toEqual([
      REJECT_PRESETS[1],
      'Своими словами: замените главное фото',
    ]);
  });
});
