import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { WRITE_ACCESS_TEXT, WRITE_ACCESS_WHY } from '../../../../contracts/write-access';
import { Toaster } from '../../../../webapp/components/ui/toaster';
import { UnderReviewScreen } from '../../../../webapp/features/onboarding/components/under-review-screen';
import { reloadPage } from '../../../../webapp/features/onboarding/lib/reload-page';
import { stubFetch } from '../../support/fetch-stub';
import { connectTelegramClient, type FakeTelegramClient } from '../../support/telegram-client';
import { completeDraft, currentStep, renderOnboarding, storeDraft } from './onboarding-helpers';

vi.mock('../../../../webapp/features/onboarding/lib/reload-page', () => ({ reloadPage: vi.fn() }));

let client: FakeTelegramClient;
const ASK = 'web_app_request_write_access';
const answerWith = (status: 'allowed' | 'cancelled') => client.send('write_access_requested', { status });
const asked = () => waitFor(() => expect(client.posted.map((p) => p.name)).toContain(ASK));
const recorded = (calls: ReturnType<typeof stubFetch>) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/profile/write-access').map((c) => c.body?.allowed);

beforeAll(() => {
  client = connectTelegramClient();
});
beforeEach(() => {
  client.posted = [];
  vi.mocked(reloadPage).mockClear();
});

describe('write access at the end of onboarding (issue 40)', () => {
  it.each([
    ['allowed', true],
    ['cancelled', false],
  ] as const)('asks Telegram with the one-line why, records %s, then goes on', async (status, allowed) => {
    const calls = stubFetch({
      'POST /api/profile/submit-base': { json: { ok: true, status: 'UNDER_REVIEW_BASE' } },
      'POST /api/profile/write-access': { json: { ok: true, writeAccess: allowed } },
    });
    storeDraft(completeDraft());
    const user = renderOnboarding();
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(currentStep()).toBe('PHOTOS');
    client.send('main_button_pressed');
    await asked();
    expect(await screen.findByText(WRITE_ACCESS_WHY)).toBeTruthy();
    expect(reloadPage).not.toHaveBeenCalled();
    answerWith(status);
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(recorded(calls)).toEqual([allowed]);
  });
});

describe('the under-review screen without write access', () => {
  it('says no message will come and offers to allow it; once allowed, the promise of a message is back', async () => {
    const calls = stubFetch({
      'GET /api/profile/write-access': { json: { ok: true, writeAccess: null } },
      'POST /api/profile/write-access': { json: { ok: true, writeAccess: true } },
    });
    render(
      <>
        <UnderReviewScreen />
        <Toaster />
      </>,
    );
    expect(await screen.findByText(WRITE_ACCESS_TEXT.missing)).toBeTruthy();
    expect(document.body.textContent).not.toContain('Мы пришлём сообщение');
    await userEvent.click(screen.getByRole('button', { name: WRITE_ACCESS_TEXT.allow }));
    await asked();
    answerWith('allowed');
    await waitFor(() => expect(screen.queryByText(WRITE_ACCESS_TEXT.missing)).toBeNull());
    expect(document.body.textContent).toContain('Мы пришлём сообщение, когда всё будет готово.');
    expect(recorded(calls)).toEqual([true]);
  });

  it('says nothing of the kind when the bot may write', async () => {
    const calls = stubFetch({ 'GET /api/profile/write-access': { json: { ok: true, writeAccess: true } } });
    render(<UnderReviewScreen />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByText(WRITE_ACCESS_TEXT.missing)).toBeNull();
    expect(document.body.textContent).toContain('Мы пришлём сообщение, когда всё будет готово.');
  });
});
