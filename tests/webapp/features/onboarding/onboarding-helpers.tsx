import { configure, render, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { vi } from 'vitest';
import { OnboardingFlow, type OnboardingFlowProps } from '../../../../webapp/features/onboarding/components/onboarding-flow';
import { setInitData } from '../../../../webapp/lib/init-data';

// A full parallel run can be slow; these journeys wait on uploads, debounces and lazy answers.
configure({ asyncUtilTimeout: 4000 });

export const INIT_DATA = 'query_id=1&user=%7B%22id%22%3A1%7D&hash=abc';
export const PHOTO_URLS = [
  '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaa1/profile',
  '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaa2/profile',
  '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaa3/profile',
];
export const MOSCOW = { id: 7, name: 'Москва', country: 'Россия', region: null, lat: 55.75, lon: 37.62 };

/** 'DD/MM/YYYY' parts for someone `age` years old today (a hundred days past the birthday). */
export function birthPartsForAge(age: number, now = new Date()): { day: string; month: string; year: string } {
  const d = new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth(), now.getUTCDate()) - 100 * 86_400_000);
  return {
    day: String(d.getUTCDate()).padStart(2, '0'),
    month: String(d.getUTCMonth() + 1).padStart(2, '0'),
    year: String(d.getUTCFullYear()),
  };
}

/** A complete base draft, as the flow saves it. */
export function completeDraft(overrides: Record<string, unknown> = {}) {
  return {
    displayName: 'Аня',
    birthDate: birthPartsForAge(16),
    sex: 'FEMALE',
    gender: 'BISEXUAL',
    city: 'Москва',
    placeId: 7,
    photos: PHOTO_URLS,
    ...overrides,
  };
}

/** The draft as this account (INIT_DATA's user 1) keeps it on the device. */
export function storeDraft(draft: Record<string, unknown>): void {
  setInitData(INIT_DATA);
  localStorage.setItem('onboarding-draft@1', JSON.stringify(draft));
}

export function renderOnboarding(
  props: Partial<OnboardingFlowProps> = {},
  userOptions: Parameters<typeof userEvent.setup>[0] = {},
): UserEvent {
  setInitData(INIT_DATA);
  // jsdom has no object URLs.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  const user = userEvent.setup(userOptions);
  render(
    <MemoryRouter>
      <OnboardingFlow again={false} reason={null} {...props} />
    </MemoryRouter>,
  );
  return user;
}

export const currentStep = () => screen.getByTestId('registration-step').getAttribute('data-step');
export const next = (user: UserEvent) => user.click(screen.getByRole('button', { name: /^(Далее|Отправить)$/ }));
export const back = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Назад' }));
export const alertText = () => screen.queryByRole('alert')?.textContent ?? null;
export const radio = (group: string, name: string) => within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', { name });

export async function typeBirthDate(user: UserEvent, parts: { day: string; month: string; year: string }): Promise<void> {
  for (const [label, value] of [
    ['День', parts.day],
    ['Месяц', parts.month],
    ['Год', parts.year],
  ] as const) {
    await user.clear(screen.getByLabelText(label));
    if (value) await user.type(screen.getByLabelText(label), value);
  }
}
