import { cleanup, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadDraft } from '../../../../webapp/features/onboarding/lib/onboarding-draft';
import { stubFetch } from '../../support/fetch-stub';
import {
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

describe('local onboarding drafts', () => {
  it('keeps what was entered across a restart and resumes at the first unfinished step', async () => {
    let user = renderOnboarding();
    await user.click(screen.getByRole('button', { name: 'Начать' }));
    await user.type(screen.getByLabelText('Имя'), 'Дима');
    await next(user);
    await typeBirthDate(user, birthPartsForAge(17));
    await next(user);
    await user.click(radio('Пол', 'Мужской'));
    cleanup();

    user = renderOnboarding();
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(currentStep()).toBe('GENDER');
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(radio('Пол', 'Мужской').getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByLabelText<HTMLInputElement>('Год').value).toBe(birthPartsForAge(17).year);
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByLabelText<HTMLInputElement>('Имя').value).toBe('Дима');
  });

  it('restores the chosen city with its place id and the uploaded photos', async () => {
    storeDraft(completeDraft({ gender: null }));
    const user = renderOnboarding();
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    await user.click(radio('Ориентация', 'Квир'));
    await next(user);
    expect(screen.getByTestId('chosen-city').textContent).toContain('Москва');
    await next(user);
    expect(screen.getByText('Загружено 3 из 3')).toBeTruthy();
    expect(screen.getByAltText<HTMLImageElement>('Фото 1').getAttribute('src')).toBe('/cdn/images/aaaaaaaaaaaaaaaaaaaaaaa1/profile?w=360');
  });

  it('drops malformed fields one by one and keeps the rest', () => {
    storeDraft({
      displayName: 'Аня',
      sex: 'ROBOT',
      placeId: -3,
      photos: ['javascript:alert(1)', null, null],
      heightCm: 500,
      lookingFor: ['LOCAL'],
    });
    expect(loadDraft()).toMatchObject({
      displayName: 'Аня',
      sex: null,
      placeId: null,
      photos: [null, null, null],
      heightCm: null,
      lookingFor: ['LOCAL'],
    });
    localStorage.setItem('onboarding-draft@1', '{not json');
    expect(loadDraft().displayName).toBe('');
  });

  it('never restores a body-size field, a body weight or a looking-for value outside the three', () => {
    const retired = ['S' + 'EX', 'EXCH' + 'ANGE'];
    storeDraft({ ...completeDraft(), ['wand' + 'SizeCm']: 15, weightKg: 60, lookingFor: ['LOCAL', ...retired] });
    const draft = loadDraft();
    expect(Object.keys(draft).sort()).toEqual([
      'birthDate',
      'city',
      'consent',
      'description',
      'displayName',
      'gender',
      'heightCm',
      'lookingFor',
      'photos',
      'placeId',
      'sex',
    ]);
    expect(draft.lookingFor).toEqual([]);
  });

  it('offers the Telegram first name when it fits the rules, but never over a draft', async () => {
    let user = renderOnboarding({ firstName: 'Артём' });
    await user.click(screen.getByRole('button', { name: /Начать|Продолжить/ }));
    expect(screen.getByLabelText<HTMLInputElement>('Имя').value).toBe('Артём');
    cleanup();
    localStorage.clear();
    user = renderOnboarding({ firstName: 'Artem' });
    await user.click(screen.getByRole('button', { name: 'Начать' }));
    expect(screen.getByLabelText<HTMLInputElement>('Имя').value).toBe('');
    cleanup();
    storeDraft({ displayName: 'Тёма' });
    user = renderOnboarding({ firstName: 'Артём' });
    await user.click(screen.getByRole('button', { name: 'Продолжить' }));
    expect(currentStep()).toBe('BIRTHDATE');
    await user.click(screen.getByRole('button', { name: 'Назад' }));
    expect(screen.getByLabelText<HTMLInputElement>('Имя').value).toBe('Тёма');
  });
});
