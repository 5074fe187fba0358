import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../../../webapp/features/onboarding/lib/reload-page';
import { stubFetch, type Route } from '../../support/fetch-stub';
import { alertText, birthPartsForAge, completeDraft, currentStep, INIT_DATA, next, PHOTO_URLS, radio, renderOnboarding, storeDraft } from './onboarding-helpers';

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

const refused = (message: string): Route => ({ status: 400, json: { ok: false, error: 'BAD_REQUEST', message } });

describe('sending the base profile', () => {
  it('posts the registration payload with the chosen place id, shows the sending screen, then reloads', async () => {
    let release: () => void = () => undefined;
    const { calls } = await send(() => new Promise((resolve) => (release = () => resolve({ json: { ok: true, status: 'UNDER_REVIEW_BASE' } }))));
    expect(currentStep()).toBe('SENDING');
    expect(screen.getByRole('heading', { name: 'Отправляем анкету…' })).toBeTruthy();
    release();
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    const { day, month, year } = birthPartsForAge(16);
    const body = calls.find((c) => c.url.pathname === '/api/profile/submit-base')?.body;
    expect(body).toEqual({
      displayName: 'Аня',
      birthDate: `${day}/${month}/${year}`,
      sex: null,
      gender: 'BISEXUAL',
      city: 'Москва',
      placeId: 7,
      photos: PHOTO_URLS.map((url) => ({ url })),
    });
  });

  it('sends sex only with GAY or LESBIAN', async () => {
    const { calls } = await send({ json: { ok: true, status: 'UNDER_REVIEW_BASE' } }, completeDraft({ sex: 'MALE', gender: 'GAY' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(calls.at(-1)?.body).toMatchObject({ sex: 'MALE', gender: 'GAY' });
  });
});

describe('a refused submission returns to the step it is about, with the server message', () => {
  it.each([
    ['Доступно только для 13–19 лет', 'BIRTHDATE'],
    ['Некорректная дата', 'BIRTHDATE'],
    ['Укажите возраст', 'BIRTHDATE'],
    ['Укажите пол', 'SEX_CHOICE'],
    ['Фото не найдено: загрузите его заново', 'PHOTOS'],
    ['Анкета уже на модерации, дождитесь решения', 'PHOTOS'],
  ])('%s → %s', async (message, step) => {
    await send(refused(message));
    await waitFor(() => expect(currentStep()).toBe(step));
    expect(alertText()).toBe(message);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it("appends the first issue when the answer lists issues", async () => {
    await send({ status: 400, json: { ok: false, error: 'BAD_REQUEST', message: 'Проверьте анкету', issues: [{ message: 'Загрузите 3 фото' }] } });
    await waitFor(() => expect(alertText()).toBe('Проверьте анкету: Загрузите 3 фото'));
  });

  it("says 'Ошибка отправки' when the server cannot be reached", async () => {
    await send(new TypeError('Failed to fetch'));
    await waitFor(() => expect(alertText()).toBe('Ошибка отправки'));
    expect(currentStep()).toBe('PHOTOS');
  });
});

describe('orientation and sex', () => {
  it('turns GAY into LESBIAN for FEMALE, on the screen and in the payload', async () => {
    const draft = completeDraft({ sex: 'FEMALE', gender: null });
    const calls = stubFetch({ 'POST /api/profile/submit-base': { json: { ok: true, status: 'UNDER_REVIEW_BASE' } } });
    storeDraft(draft);
    const user = renderOnboarding();
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(currentStep()).toBe('GENDER');
    await user.click(radio('Ориентация', 'Гей'));
    expect(radio('Ориентация', 'Лесби').getAttribute('aria-checked')).toBe('true');
    expect(radio('Ориентация', 'Гей').getAttribute('aria-checked')).toBe('false');
    await next(user);
    await next(user);
    await next(user);
    await waitFor(() => expect(reloadPage).toHaveBeenCalled());
    expect(calls.at(-1)?.body).toMatchObject({ gender: 'LESBIAN', sex: 'FEMALE' });
  });

  it('switches an earlier GAY to LESBIAN when the sex is changed to FEMALE', async () => {
    storeDraft(completeDraft({ sex: 'MALE', gender: 'GAY', birthDate: birthPartsForAge(14), displayName: '' }));
    stubFetch({});
    const user = renderOnboarding();
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    await user.type(screen.getByLabelText('Имя'), 'Маша');
    await next(user);
    await next(user);
    await user.click(radio('Пол', 'Женский'));
    await next(user);
    expect(radio('Ориентация', 'Лесби').getAttribute('aria-checked')).toBe('true');
  });
});
