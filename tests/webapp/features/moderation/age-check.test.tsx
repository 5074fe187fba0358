import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { MODERATOR, signIn } from '../../support/session';
import { item, page } from './fixtures';

beforeEach(() => signIn(MODERATOR));

const LIST = '/moderation/profiles?type=INITIAL&status=PENDING';
const cards = () => screen.queryAllByRole('article').filter((a) => a.hasAttribute('data-item-id'));
const cardOf = (id: number) => cards().find((a) => a.getAttribute('data-item-id') === String(id))!;

describe('the face check on the moderation card (issue 43)', () => {
  it('shows one line per photo beside the stated age, and the flags; nothing on an item without a check', async () => {
    const checked = item(1);
    checked.payload = {
      ...checked.payload,
      ageCheck: {
        statedAge: 14,
        lines: ['Лицо не найдено', 'На вид около 27 лет', null],
        flags: ['Проверьте возраст', 'Нет лица на главном фото'],
      },
    };
    stubFetch({ 'GET /api/moderation/items': { json: page([checked, item(2)]) } });
    renderAt(LIST);
    await waitFor(() => expect(cards()).toHaveLength(2), { timeout: 5000 });
    const section = within(cardOf(1)).getByRole('region', { name: 'Лицо и возраст' });
    expect(within(section).getByText('В анкете: 14 лет')).toBeTruthy();
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Фото 1: Лицо не найдено', 'Фото 2: На вид около 27 лет', 'Фото 3: —']);
    expect(
      within(section)
        .getAllByTestId('age-flag')
        .map((f) => f.textContent?.trim()),
    ).toEqual(['⚠️ Проверьте возраст', '⚠️ Нет лица на главном фото']);
    expect(within(cardOf(2)).queryByTestId('age-check')).toBeNull();
  });
});
