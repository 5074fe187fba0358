import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { reloadPage } from '../../../../webapp/features/onboarding/lib/reload-page';
import { stubFetch } from '../../support/fetch-stub';
import { currentStep, next, renderOnboarding } from './onboarding-helpers';

vi.mock('../../../../webapp/features/onboarding/lib/reload-page', () => ({ reloadPage: vi.fn() }));

const sentBack = {
  ok: true,
  displayName: 'Аня',
  birthDate: '2010-03-04',
  age: 16,
  city: 'Минск',
  placeId: 12,
  bio: null,
  sex: 'FEMALE',
  gender: 'PANSEXUAL',
  lookingFor: [],
  heightCm: null,
  photos: [
    '/cdn/images/bbbbbbbbbbbbbbbbbbbbbbb1/profile',
    '/cdn/images/bbbbbbbbbbbbbbbbbbbbbbb2/profile',
    '/cdn/images/bbbbbbbbbbbbbbbbbbbbbbb3/profile',
  ],
  moderation: { base: 'DISCREPANT', description: null },
  pending: { edit: false, photos: false },
};

describe('BASE_DISCREPANT', () => {
  it("shows the moderator's reason above the onboarding and prefills what was sent before", async () => {
    stubFetch({ 'GET /api/profile/my': { json: sentBack } });
    const user = renderOnboarding({ again: true, reason: 'Фото не совпадает с возрастом в анкете' });
    expect(screen.getByRole('heading', { name: 'Анкету нужно поправить' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Комментарий модератора' }).textContent).toContain(
      'Фото не совпадает с возрастом в анкете',
    );
    await user.click(screen.getByRole('button', { name: 'Исправить анкету' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Имя').value).toBe('Аня'));
    expect(screen.getByRole('complementary', { name: 'Комментарий модератора' })).toBeTruthy();
    await next(user);
    expect([
      screen.getByLabelText<HTMLInputElement>('День').value,
      screen.getByLabelText<HTMLInputElement>('Месяц').value,
      screen.getByLabelText<HTMLInputElement>('Год').value,
    ]).toEqual(['04', '03', '2010']);
    await next(user);
    await next(user);
    await next(user);
    expect(currentStep()).toBe('CITY');
    expect(screen.getByTestId('chosen-city').textContent).toContain('Минск');
    await next(user);
    expect(screen.getByText('Загружено 3 из 3')).toBeTruthy();
  });

  it("'Исправить анкету' starts from the submitted name, not the Telegram first name", async () => {
    stubFetch({ 'GET /api/profile/my': { json: { ...sentBack, displayName: 'Анна-Мария' } } });
    const user = renderOnboarding({ again: true, reason: 'Фото не совпадает с возрастом в анкете', firstName: 'Артём' });
    await user.click(screen.getByRole('button', { name: 'Исправить анкету' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Имя').value).toBe('Анна-Мария'));
  });

  it('falls back to the Telegram first name when the submitted profile cannot be read', async () => {
    stubFetch({ 'GET /api/profile/my': { status: 500, json: { ok: false, error: 'INTERNAL', message: 'Внутренняя ошибка сервера' } } });
    const user = renderOnboarding({ again: true, reason: 'Фото не совпадает с возрастом в анкете', firstName: 'Артём' });
    await user.click(screen.getByRole('button', { name: 'Исправить анкету' }));
    await waitFor(() => expect(screen.getByLabelText<HTMLInputElement>('Имя').value).toBe('Артём'));
  });

  it("shows the flagged fields as words and 'Исправить анкету' walks only those steps, in order, then sends (issue 40)", async () => {
    const calls = stubFetch({
      'GET /api/profile/my': { json: sentBack },
      'POST /api/profile/submit-base': { json: { ok: true, status: 'UNDER_REVIEW_BASE' } },
    });
    const user = renderOnboarding({ again: true, reason: '[Город, Фото] На фото должно быть хорошо видно ваше лицо' });
    const note = screen.getByRole('complementary', { name: 'Комментарий модератора' });
    expect(note.textContent).toContain('Город, Фото: На фото должно быть хорошо видно ваше лицо');
    expect(note.textContent).not.toContain('[');
    expect(screen.getByText('2 шага с замечаниями — меньше минуты')).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/profile/my')).toBe(true));
    await user.click(screen.getByRole('button', { name: 'Исправить анкету' }));
    expect(currentStep()).toBe('CITY');
    expect(screen.getByText('Шаг 1 из 2')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('chosen-city').textContent).toContain('Минск'));
    await next(user);
    expect(currentStep()).toBe('PHOTOS');
    expect(screen.getByText('Шаг 2 из 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(reloadPage).toHaveBeenCalledOnce());
    expect(calls.find((c) => c.url.pathname === '/api/profile/submit-base')?.body).toMatchObject({ displayName: 'Аня', city: 'Минск' });
  });
});
