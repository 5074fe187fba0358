import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { WRITE_ACCESS_TEXT } from '../../../../contracts/write-access';
import { stubFetch } from '../../support/fetch-stub';
import { holdSdk } from '../../support/held-sdk';

it('offers to let the bot write once Telegram is connected, on an under-review screen drawn before the SDK arrived (issue 39)', async () => {
  const { arrive } = holdSdk();
  stubFetch({ 'GET /api/profile/write-access': { json: { ok: true, writeAccess: null } } });
  const [{ UnderReviewScreen }, { connectTelegram }] = await Promise.all([
    import('../../../../webapp/features/onboarding/components/under-review-screen'),
    import('../../../../webapp/app/startup/connect-telegram'),
  ]);
  render(<UnderReviewScreen />);
  // Drawn without Telegram: the notice shows, but there is nobody to ask yet.
  expect(await screen.findByText(WRITE_ACCESS_TEXT.missing)).toBeTruthy();
  expect(screen.queryByRole('button', { name: WRITE_ACCESS_TEXT.allow })).toBeNull();

  const connected = connectTelegram(() => undefined);
  arrive();
  await connected;
  expect(await screen.findByRole('button', { name: WRITE_ACCESS_TEXT.allow })).toBeTruthy();
});
