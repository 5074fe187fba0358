import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OnboardingGate } from '../../../../webapp/app/onboarding/onboarding-gate';
import { onboardingRouteFor } from '../../../../webapp/app/onboarding/onboarding-route';
import { stubFetch } from '../../support/fetch-stub';
import { ADMIN, signIn, testUser } from '../../support/session';

function renderGate(path = '/explore') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <OnboardingGate>
        <p>Главное приложение</p>
      </OnboardingGate>
    </MemoryRouter>,
  );
}

// The registration screens are lazy chunks: load them once up front so each test waits only for rendering.
beforeAll(async () => {
  await Promise.all([
    import('../../../../webapp/features/onboarding/components/onboarding-flow'),
    import('../../../../webapp/features/onboarding/components/description-flow'),
    import('../../../../webapp/features/onboarding/components/under-review-screen'),
  ]);
});

beforeEach(() => {
  stubFetch({});
});

describe('registration status routing', () => {
  it.each([
    ['NO_PROFILE', 'onboarding'],
    ['BASE_DISCREPANT', 'onboarding'],
    ['UNDER_REVIEW_BASE', 'under-review'],
    ['NEED_DESCRIPTION', 'description'],
    ['UNDER_REVIEW_DESC', 'app'],
    ['APPROVED', 'app'],
  ] as const)('%s leads to %s', (status, route) => {
    expect(onboardingRouteFor(status)).toBe(route);
  });

  it.each([
    ['NO_PROFILE', 'Добро пожаловать!'],
    ['BASE_DISCREPANT', 'Анкету нужно поправить'],
    ['UNDER_REVIEW_BASE', 'Анкета на модерации'],
    ['NEED_DESCRIPTION', 'Расскажите о себе'],
  ] as const)('%s shows its stage instead of the app', async (status, heading) => {
    signIn(testUser(), status);
    renderGate();
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
    expect(screen.queryByText('Главное приложение')).toBeNull();
  });

  it.each(['UNDER_REVIEW_DESC', 'APPROVED'] as const)('%s opens the app', (status) => {
    signIn(testUser(), status);
    renderGate();
    expect(screen.getByText('Главное приложение')).toBeTruthy();
  });

  it('lets staff reach their panels before finishing their own profile, but not the user screens', () => {
    signIn(ADMIN, 'NO_PROFILE');
    renderGate('/admin/stats');
    expect(screen.getByText('Главное приложение')).toBeTruthy();
  });

  it('keeps staff in onboarding on user screens', async () => {
    signIn(ADMIN, 'NO_PROFILE');
    renderGate('/explore');
    expect(await screen.findByRole('heading', { name: 'Добро пожаловать!' })).toBeTruthy();
    expect(screen.queryByText('Главное приложение')).toBeNull();
  });
});

describe('leaving registration', () => {
  it('opens the app once the description is sent (UNDER_REVIEW_DESC)', async () => {
    stubFetch({ 'POST /api/profile/submit-details': { json: { ok: true, status: 'UNDER_REVIEW_DESC' } } });
    localStorage.setItem(
      'onboarding-draft@100010',
      JSON.stringify({ description: 'Люблю музыку, книги и долгие прогулки.', lookingFor: ['LOCAL'], consent: true }),
    );
    signIn(testUser(), 'NEED_DESCRIPTION');
    renderGate();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Далее' }));
    await user.click(screen.getByRole('button', { name: 'Далее' }));
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Главное приложение')).toBeTruthy();
  });

  it('moves on from the under-review screen when a status check finds the profile approved', async () => {
    stubFetch({ 'POST /api/profile/status': { json: { ok: true, status: 'NEED_DESCRIPTION', reason: null } } });
    signIn(testUser(), 'UNDER_REVIEW_BASE');
    renderGate();
    await userEvent.click(await screen.findByRole('button', { name: 'Проверить статус' }));
    expect(await screen.findByRole('heading', { name: 'Расскажите о себе' })).toBeTruthy();
  });
});
