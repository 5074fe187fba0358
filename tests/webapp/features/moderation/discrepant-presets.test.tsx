import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DISCREPANT_PRESETS } from '../../../../contracts/discrepancy';
import { Toaster } from '../../../../webapp/components/ui/toaster';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { MODERATOR, signIn } from '../../support/session';
import { item, page } from './fixtures';

beforeEach(() => {
  signIn(MODERATOR);
  render(<Toaster />);
});

const LIST = '/moderation/profiles?type=INITIAL&status=PENDING';
const cards = () => screen.queryAllByRole('article').filter((a) => a.hasAttribute('data-item-id'));
const cardOf = (id: number) => cards().find((a) => a.getAttribute('data-item-id') === String(id))!;
const listed = (n: number) => waitFor(() => expect(cards()).toHaveLength(n), { timeout: 5000 });

function serve() {
  return stubFetch({
    'GET /api/moderation/items': () => ({ json: page([item(1)]) }),
    'POST /api/moderation/item/status': { json: { ok: true, status: 'DISCREPANT' } },
  });
}

describe("the partial reject on a phone (issue 40, 'Модераторы на телефоне')", () => {
  it("'Несоответствие' has one-tap presets per field: a tap ticks the field and is a valid reason (issue 40)", async () => {
    const calls = serve();
    renderAt(LIST);
    await listed(1);
    await userEvent.click(within(cardOf(1)).getByRole('button', { name: 'Несоответствие' }));
    const dialog = await screen.findByRole('dialog', { name: 'Несоответствие' });
    const photoPresets = within(dialog).getByRole('group', { name: 'Готовые причины: Фото' });
    await userEvent.click(within(photoPresets).getByRole('button', { name: DISCREPANT_PRESETS.photos[0] }));
    expect(within(dialog).getByLabelText<HTMLInputElement>('Фото').checked).toBe(true);
    expect(within(photoPresets).getByRole('button', { name: DISCREPANT_PRESETS.photos[0] }).getAttribute('aria-pressed')).toBe('true');
    const namePresets = within(dialog).getByRole('group', { name: 'Готовые причины: Имя' });
    await userEvent.click(within(namePresets).getByRole('button', { name: DISCREPANT_PRESETS.displayName[0] }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отправить' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
        status: 'DISCREPANT',
        reason: `${DISCREPANT_PRESETS.photos[0]}. ${DISCREPANT_PRESETS.displayName[0]}`,
        fields: ['displayName', 'photos'],
      }),
    );
  });
});
