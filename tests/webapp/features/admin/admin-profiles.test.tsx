import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../support/fetch-stub';
import { renderAt } from '../../support/render';
import { MODERATOR, signIn } from '../../support/session';
import { item, page } from '../moderation/fixtures';

// The first test of a file also waits for the lazily loaded admin chunks to compile.
vi.setConfig({ testTimeout: 15_000 });

describe('/admin/profiles from the user detail', () => {
  it("lets a moderator review one user's pending initial profile, filtered by the query", async () => {
    signIn(MODERATOR);
    const calls = stubFetch({ 'GET /api/moderation/items': { json: page([item(4)]) } });
    renderAt('/admin/profiles?userId=100012&type=INITIAL&status=PENDING');
    await waitFor(() => expect(screen.getAllByRole('article').some((a) => a.getAttribute('data-item-id') === '4')).toBe(true), {
      timeout: 10_000,
    });
    const query = calls.find((c) => c.url.pathname === '/api/moderation/items')!.url.searchParams;
    expect([query.get('userId'), query.get('type'), query.get('status')]).toEqual(['100012', 'INITIAL', 'PENDING']);
    expect(screen.queryByText('Доступ запрещён')).toBeNull();
  });
});
