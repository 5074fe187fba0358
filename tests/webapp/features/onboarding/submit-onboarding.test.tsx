import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../../../webapp/features/onboarding/lib/reload-page';
import { stubFetch, type Route } from '../../support/fetch-stub';
import {
  alertText,
  birthPartsForAge,
  completeDraft,
  currentStep,
  next,
  PHOTO_URLS,
  radio,
  renderOnboarding,
  storeDraft,
} from './onboarding-helpers';

vi.mock('../../../../webapp/features/onboarding/lib/reload-page', () => ({ reloadPage: vi.fn() }));

beforeEach(() => {
  vi.mocked(reloadPage).mockClear();
});

/** Opens a complete draft at PHOTOS and presses Send. */
async function send(answer: Route, draft: Record<string, unknown> = completeDraft()) {
  const calls = stubFetch({ 'POST /api/profile/submit-base': answer });
  storeDraft(draft);
  const user = renderOnboarding();
  await user.click(screen.getByRole('button', { name: 'Продолжить' }));
  expect(currentStep()).toBe('PHOTOS');
  await next(user);
  return { user, calls };
}

const refused = (message: string, field?: string): Route => ({
  status: 400,
  json: { ok: false, error: 'BAD_REQUEST', message, ...(field ? { field } : {}) },
});

describe('sending the base profile', () => {
  it('posts the registration payload with the chosen place id, shows the sending screen, then reloads', async () => {
    let release: () => void = () => undefined;
    const { calls } = await send(
      () => new Promise((resolve) => (release = () => resolve({ json: { ok: true, status: 'UNDER_REVIEW_BASE' } }))),
    );
    expect(currentStep()).toBe('SENDING');
    expect(screen.getByRole('heading', { name: 'Отправляем анкету…' })).toBeTruthy();
    release();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    const { day, month, year } = birthPartsForAge(16);
    const body = calls.find((c) => c.url.pathname === '/api/profile/submit-base')?.body;
    expect(body).toEqual({
      displayName: 'Аня',
      birthDate: `${day}/${month}/${year}`,
      sex: 'FEMALE',
      gender: 'BISEXUAL',
      city: 'Москва',
      placeId: 7,
      photos: PHOTO_URLS.map((url) => ({ url })),
    });
  });

  it.each([
    ['MALE', 'GAY'],
    ['MALE', 'QUEER'],
  ] as const)('sends the sex (%s) with every orientation, %s included (AMENDMENTS §4.1)', async (sex, gender) => {
    const { calls } = await send({ json: { ok: true, status: 'UNDER_REVIEW_BASE' } }, completeDraft({ sex, gender }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(calls.at(-1)?.body).toMatchObject({ sex, gender });
  });
});

describe('a refused submission returns to the step it is about, with the server message', () => {
  it.each([
    ['Доступно только для 13–19 лет', 'birthDate', 'BIRTHDATE'],
    ['Некорректная дата', 'birthDate', 'BIRTHDATE'],
    ['Укажите пол', 'sex', 'SEX_CHOICE'],
    ['Эта ориентация не подходит к выбранному полу', 'gender', 'GENDER'],
    ['Выберите город из списка', 'city', 'CITY'],
    ['Только кириллица!', 'displayName', 'NAME'],
    ['Загрузите 3 фото', 'photos', 'PHOTOS'],
    ['Фото не найдено: загрузите его заново', undefined, 'PHOTOS'],
    ['Анкета уже на модерации, дождитесь решения', undefined, 'PHOTOS'],
  ])('%s (field %s) → %s', async (message, field, step) => {
    await send(refused(message, field));
    await waitFor(() => expect(currentStep()).toBe(step));
    expect(alertText()).toBe(message);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it.each([
    ['Не удалось найти пользователя', 'PHOTOS'],
    ['Укажите возраст полностью', 'PHOTOS'],
  ])('routes by the field, never by the wording: %s (no field) → %s', async (message, step) => {
    await send(refused(message));
    await waitFor(() => expect(alertText()).toBe(message));
    expect(currentStep()).toBe(step);
  });

  it('appends the first issue when the answer lists issues', async () => {
    await send({
      status: 400,
      json: { ok: false, error: 'BAD_REQUEST', message: 'Проверьте анкету', issues: [{ message: 'Загрузите 3 фото' }] },
    });
    await waitFor(() => expect(alertText()).toBe('Проверьте анкету: Загрузите 3 фото'));
  });

  it("says 'Ошибка отправки' when the server cannot be reached", async () => {
    await send(new TypeError('Failed to fetch'));
    await waitFor(() => expect(alertText()).toBe('Ошибка отправки'));
    expect(currentStep()).toBe('PHOTOS');
  });
});

describe('orientation and sex', () => {
  it('offers a girl Лесби and not Гей, and sends exactly what she chose', async () => {
    const draft = completeDraft({ sex: 'FEMALE', gender: null });
    const calls = stubFetch({ 'POST /api/profile/submit-base': { json: { ok: true, status: 'UNDER_REVIEW_BASE' } } });
    storeDraft(draft);
    const user = renderOnboarding();
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(currentStep()).toBe('GENDER');
    expect(screen.getAllByRole('radio').map((r) => r.textContent)).toEqual(['Лесби', 'Би', 'Пан', 'Квир', 'Асексуал']);
    await user.click(radio('Ориентация', 'Лесби'));
    expect(radio('Ориентация', 'Лесби').getAttribute('aria-checked')).toBe('true');
    await next(user);
    await next(user);
    await next(user);
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(calls.at(-1)?.body).toMatchObject({ gender: 'LESBIAN', sex: 'FEMALE' });
  });

  it('clears an earlier Гей when the sex is changed to Женский, and says so on the orientation step', async () => {
    storeDraft(completeDraft({ sex: 'MALE', gender: 'GAY', birthDate: birthPartsForAge(14), displayName: '' }));
    stubFetch({});
    const user = renderOnboarding();
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    await user.type(screen.getByLabelText('Имя'), 'Маша');
    await next(user);
    await next(user);
    await user.click(radio('Пол', 'Женский'));
    await next(user);
    expect(screen.getAllByRole('radio').every((r) => r.getAttribute('aria-checked') === 'false')).toBe(true);
    expect(screen.getByRole('status').textContent).toBe('Прежняя ориентация не подходит к выбранному полу — выберите её заново');
    await next(user);
    expect(alertText()).toBe('Выберите ориентацию');
    await user.click(radio('Ориентация', 'Би'));
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('keeps an orientation that still fits when the sex changes, without a notice', async () => {
    storeDraft(completeDraft({ sex: 'MALE', gender: 'QUEER', displayName: '' }));
    stubFetch({});
    const user = renderOnboarding();
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    await user.type(screen.getByLabelText('Имя'), 'Маша');
    await next(user);
    await next(user);
    await user.click(radio('Пол', 'Женский'));
    await next(user);
    expect(radio('Ориентация', 'Квир').getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
