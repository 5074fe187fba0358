import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Orientation } from '../../../../contracts/profile-fields';
import { OnboardingGate } from '../../../../webapp/app/onboarding/onboarding-gate';
import { fetchOnboardingStatus } from '../../../../webapp/lib/session/fetch-onboarding-status';
import { useSession } from '../../../../webapp/lib/session/session-store';
import { stubFetch, type Route } from '../../support/fetch-stub';
import { signIn, testUser } from '../../support/session';

beforeAll(async () => {
  await import('../../../../webapp/features/onboarding/components/missing-sex-screen');
});

/** Signed in with `status`, a profile without a stored sex, at the explore tab. */
function renderWithoutSex(status: 'APPROVED' | 'BASE_DISCREPANT', gender: Orientation | null) {
  signIn(testUser(), status);
  useSession.setState({ missingSex: { gender } });
  render(
    <MemoryRouter initialEntries={['/explore']}>
      <OnboardingGate>
        <p>Главное приложение</p>
      </OnboardingGate>
    </MemoryRouter>,
  );
}

/** An approved profile made before sex was required. */
function launchWithoutSex(gender: Orientation | null, answer: Route = { json: { ok: true, sex: 'MALE', gender } }) {
  const calls = stubFetch({ 'POST /api/profile/sex': answer });
  renderWithoutSex('APPROVED', gender);
  return { calls, user: userEvent.setup() };
}

const choose = (name: string) => screen.getByRole('radio', { name });
const sexCalls = (calls: ReturnType<typeof stubFetch>) => calls.filter((c) => c.url.pathname === '/api/profile/sex');

describe('a profile without a stored sex (AMENDMENTS §5.2)', () => {
  it('learns it from the status answer', async () => {
    stubFetch({ 'POST /api/profile/status': { json: { ok: true, status: 'APPROVED', reason: null, sexMissing: true, gender: 'QUEER' } } });
    expect(await fetchOnboardingStatus()).toEqual({ status: 'APPROVED', reason: null, missingSex: { gender: 'QUEER' } });
  });

  it('is asked for the sex on one screen before the tabs, and reaches them once it is stored', async () => {
    const { calls, user } = launchWithoutSex('QUEER');
    expect(await screen.findByRole('heading', { name: 'Ваш пол' })).toBeTruthy();
    expect(screen.queryByText('Главное приложение')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByRole('alert').textContent).toBe('Укажите пол');
    expect(sexCalls(calls)).toHaveLength(0);
    await user.click(choose('Мужской'));
    // QUEER fits either sex: the orientation is not asked again.
    expect(screen.queryByRole('radiogroup', { name: 'Ориентация' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Главное приложение')).toBeTruthy();
    expect(sexCalls(calls).map((c) => c.body)).toEqual([{ sex: 'MALE' }]);
  });

  it('asks for an orientation on the same screen when the stored one does not fit the chosen sex', async () => {
    const { calls, user } = launchWithoutSex('LESBIAN');
    await user.click(await screen.findByRole('radio', { name: 'Мужской' }));
    expect(screen.getByRole('status').textContent).toBe('Прежняя ориентация не подходит к выбранному полу — выберите её заново');
    const offered = screen.getByRole('radiogroup', { name: 'Ориентация' }).querySelectorAll('[role="radio"]');
    expect([...offered].map((r) => r.textContent)).toEqual(['Гей', 'Би', 'Пан', 'Квир', 'Асексуал']);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(screen.getByRole('alert').textContent).toBe('Выберите ориентацию');
    await user.click(choose('Гей'));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Главное приложение')).toBeTruthy();
    expect(sexCalls(calls).map((c) => c.body)).toEqual([{ sex: 'MALE', gender: 'GAY' }]);
  });

  it('shows the server’s refusal and asks for the orientation when the refusal names it', async () => {
    const { user } = launchWithoutSex('QUEER', {
      status: 400,
      json: { ok: false, error: 'BAD_REQUEST', message: 'Эта ориентация не подходит к выбранному полу', field: 'gender' },
    });
    await user.click(await screen.findByRole('radio', { name: 'Женский' }));
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Эта ориентация не подходит к выбранному полу'));
    expect(screen.getByRole('radiogroup', { name: 'Ориентация' })).toBeTruthy();
    expect(screen.queryByText('Главное приложение')).toBeNull();
  });

  it('is not asked separately of someone still in sign-up (its sex step asks)', async () => {
    stubFetch({});
    renderWithoutSex('BASE_DISCREPANT', 'QUEER');
    expect(await screen.findByRole('heading', { name: 'Анкету нужно поправить' })).toBeTruthy();
  });
});
