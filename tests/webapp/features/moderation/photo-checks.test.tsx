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

const clean = { scores: { drawing: 0.05, hentai: 0.01, neutral: 0.9, porn: 0.02, sexy: 0.02 }, flagged: false };
const borderline = { scores: { drawing: 0.02, hentai: 0.01, neutral: 0.07, porn: 0.18, sexy: 0.72 }, flagged: true };

function serveFlagged() {
  const flagged = item(1);
  flagged.payload = { ...flagged.payload, photoChecks: [clean, borderline, null], needsPhotoCheck: true };
  stubFetch({ 'GET /api/moderation/items': { json: page([flagged, item(2)]) } });
}

describe('screening on the moderation card', () => {
  it("marks an item with a flagged photo 'Проверьте фото' next to its type badge", async () => {
    serveFlagged();
    renderAt(LIST);
    await waitFor(() => expect(cards()).toHaveLength(2), { timeout: 5000 });
    const flagged = cardOf(1);
    expect(flagged.getAttribute('data-needs-photo-check')).toBe('true');
    expect(within(flagged).getByTestId('check-badge').textContent).toBe('Проверьте фото');
    expect(within(cardOf(2)).queryByTestId('check-badge')).toBeNull();
    expect(within(cardOf(2)).queryByTestId('photo-checks')).toBeNull();
    expect(within(cardOf(2)).queryByText(/Проверьте фото/)).toBeNull();
  });

  it('lists the flagged photo with its scores, largest first, and leaves clean and unscreened photos out', async () => {
    serveFlagged();
    renderAt(LIST);
    await waitFor(() => expect(cards()).toHaveLength(2), { timeout: 5000 });
    const checks = within(cardOf(1)).getByRole('region', { name: 'Проверьте фото' });
    const rows = within(checks).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(within(rows[0]!).getByRole('img').getAttribute('alt')).toBe('Фото 2');
    expect(within(rows[0]!).getByRole('img').getAttribute('src')).toContain('2'.padStart(24, 'a'));
    expect(rows[0]!.textContent).toContain('Фото 2 · Проверьте фото');
    expect(rows[0]!.textContent).toContain('Sexy 72% · Porn 18% · Neutral 7% · Drawing 2% · Hentai 1%');
    expect(within(checks).getByText('1 из 3')).toBeTruthy();
  });
});
