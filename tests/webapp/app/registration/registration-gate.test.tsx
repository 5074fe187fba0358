import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { RegistrationGate } from '../../../../webapp/app/registration/registration-gate';
import { registrationRouteFor } from '../../../../webapp/app/registration/registration-route';
import { stubFetch } from '../../support/fetch-stub';
import { ADMIN, signIn, testUser } from '../../support/session';

function renderGate(path = '/explore') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <RegistrationGate>
        <p>Главное приложение</p>
      </RegistrationGate>
    </MemoryRouter>,
  );
}

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
    expect(registrationRouteFor(status)).toBe(route);
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
