import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useOnboardingStore } from '../../../../webapp/features/onboarding/stores/onboarding-store';
import { stubFetch } from '../../support/fetch-stub';
import {
  alertText,
  back,
  birthPartsForAge,
  completeDraft,
  currentStep,
  next,
  radio,
  renderOnboarding,
  storeDraft,
  typeBirthDate,
} from './onboarding-helpers';

beforeEach(() => {
  stubFetch({});
});

async function startAt(step: string, draft: Record<string, unknown> = {}) {
  storeDraft(draft);
  const user = renderOnboarding();
  await user.click(screen.getByRole('button', { name: /Начать|Продолжить/ }));
  expect(currentStep()).toBe(step);
  return user;
}

describe('welcome and the six steps', () => {
  it('opens on the welcome screen and walks NAME → … → PHOTOS with a six-segment progress bar; Back returns', async () => {
    const user = renderOnboarding();
    expect(screen.getByRole('heading', { name: 'Добро пожаловать!' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Начать' }));
    expect(currentStep()).toBe('NAME');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Шаг 1 из 6');
    expect(screen.getByRole('progressbar').children).toHaveLength(6);

    await user.type(screen.getByLabelText('Имя'), 'Аня');
    await next(user);
    await typeBirthDate(user, birthPartsForAge(15));
    await next(user);
    await user.click(radio('Пол', 'Женский'));
    await next(user);
    await user.click(radio('Ориентация', 'Би'));
    await next(user);
    expect(currentStep()).toBe('CITY');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Шаг 5 из 6');
    await back(user);
    await back(user);
    expect(currentStep()).toBe('SEX_CHOICE');
    expect(radio('Пол', 'Женский').getAttribute('aria-checked')).toBe('true');
  });
});

describe('NAME', () => {
  it.each([
    ['John', 'Только кириллица!'],
    ['Аня1', 'Только кириллица!'],
    ['А', 'Не менее 2 символов!'],
    ['', 'Не менее 2 символов!'],
    ['Александраалексан', 'Не более 16 символов!'],
    ['Анна--Мария', 'Дефис или пробел — только один и только между частями имени'],
    ['Анна-', 'Дефис или пробел — только один и только между частями имени'],
    ['Анна Мария1', 'Только кириллица!'],
  ])('%j → %s', async (name, message) => {
    const user = await startAt('NAME');
    if (name) await user.type(screen.getByLabelText('Имя'), name);
    await next(user);
    expect(alertText()).toBe(message);
    expect(currentStep()).toBe('NAME');
  });

  it('accepts 2–16 Cyrillic letters, ё included', async () => {
    const user = await startAt('NAME');
    await user.type(screen.getByLabelText('Имя'), 'Алёна');
    await next(user);
    expect(currentStep()).toBe('BIRTHDATE');
  });

  it.each(['Анна-Мария', 'Анна Мария'])('accepts the two-part name %s', async (name) => {
    const user = await startAt('NAME');
    await user.type(screen.getByLabelText('Имя'), name);
    await next(user);
    expect(currentStep()).toBe('BIRTHDATE');
  });

  it('hints what a name may be: Cyrillic, parts joined by a hyphen or a space', async () => {
    await startAt('NAME');
    expect(screen.getByText('Кириллица; две части — через дефис или пробел: Анна-Мария')).toBeTruthy();
  });
});

describe('BIRTHDATE', () => {
  const draft = completeDraft({ birthDate: { day: '', month: '', year: '' } });

  it.each([
    [{ day: '05', month: '', year: '' }, 'Дата в формате ДД/ММ/ГГГГ'],
    [{ day: '05', month: '09', year: '201' }, 'Дата в формате ДД/ММ/ГГГГ'],
    [{ day: '31', month: '02', year: '2010' }, 'Некорректная дата'],
    [{ day: '12', month: '13', year: '2010' }, 'Некорректная дата'],
    [birthPartsForAge(25), 'Доступно только для 13–19 лет'],
    [birthPartsForAge(12), 'Доступно только для 13–19 лет'],
  ])('%j → %s', async (parts, message) => {
    const user = await startAt('BIRTHDATE', draft);
    await typeBirthDate(user, parts);
    await next(user);
    expect(alertText()).toBe(message);
  });

  it('accepts ages 13 and 19 and shows the age', async () => {
    for (const age of [13, 19]) {
      const user = await startAt('BIRTHDATE', draft);
      await typeBirthDate(user, birthPartsForAge(age));
      expect(screen.getByText(new RegExp(`^Вам ${age} (год|года|лет)$`))).toBeTruthy();
      await next(user);
      expect(currentStep()).toBe('SEX_CHOICE');
      useOnboardingStore.getState().reset();
      document.body.innerHTML = '';
    }
  });
});

describe('SEX, GENDER, CITY, PHOTOS', () => {
  it("asks for sex: 'Укажите пол'", async () => {
    const user = await startAt('SEX_CHOICE', completeDraft({ sex: null }));
    await next(user);
    expect(alertText()).toBe('Укажите пол');
    await user.click(radio('Пол', 'Мужской'));
    expect(alertText()).toBeNull();
  });

  it.each([
    ['MALE', ['Гей', 'Би', 'Пан', 'Квир', 'Асексуал']],
    ['FEMALE', ['Лесби', 'Би', 'Пан', 'Квир', 'Асексуал']],
  ] as const)("asks for an orientation: 'Выберите ориентацию', offering %s only what the spec allows", async (sex, offered) => {
    const user = await startAt('GENDER', completeDraft({ gender: null, sex }));
    const labels = screen.getAllByRole('radio').map((r) => r.textContent);
    expect(labels).toEqual(offered);
    await next(user);
    expect(alertText()).toBe('Выберите ориентацию');
  });

  it("refuses a typed city that was not chosen from the list: 'Выберите город из списка'", async () => {
    const user = await startAt('CITY', completeDraft({ city: '', placeId: null }));
    await user.type(screen.getByLabelText('Город'), 'Мос');
    await next(user);
    expect(alertText()).toBe('Выберите город из списка');
  });

  it("asks for three photos: 'Загрузите 3 фото'", async () => {
    const user = await startAt('PHOTOS', completeDraft({ photos: [completeDraft().photos[0], null, null] }));
    expect(screen.getByText('Загружено 1 из 3')).toBeTruthy();
    await next(user);
    expect(alertText()).toBe('Загрузите 3 фото');
    expect(currentStep()).toBe('PHOTOS');
  });
});
