import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sanitizeBox, splitPastedDate } from '../../../../webapp/features/onboarding/lib/birth-date-boxes';
import { stubFetch } from '../../support/fetch-stub';
import { completeDraft, renderOnboarding, storeDraft } from './onboarding-helpers';

const box = (label: 'День' | 'Месяц' | 'Год') => screen.getByLabelText<HTMLInputElement>(label);

async function openBirthDate() {
  storeDraft(completeDraft({ birthDate: { day: '', month: '', year: '' } }));
  const user = renderOnboarding();
  await user.click(screen.getByRole('button', { name: 'Продолжить' }));
  return user;
}

beforeEach(() => {
  stubFetch({});
});

describe('the three birth-date boxes', () => {
  it('take 2, 2 and 4 digits and nothing else', async () => {
    const user = await openBirthDate();
    expect([box('День').placeholder, box('Месяц').placeholder, box('Год').placeholder]).toEqual(['ДД', 'ММ', 'ГГГГ']);
    await user.type(box('День'), '1a2');
    expect(box('День').value).toBe('12');
    await user.type(box('Месяц'), '0.7');
    expect(box('Месяц').value).toBe('07');
    await user.type(box('Год'), '20x105');
    expect(box('Год').value).toBe('2010');
    await user.type(box('День'), '9');
    expect(box('День').value).toBe('12');
  });

  it('keep a year only when it starts with 1 or 2', async () => {
    const user = await openBirthDate();
    await user.type(box('Год'), '3');
    expect(box('Год').value).toBe('');
    await user.type(box('Год'), '0');
    expect(box('Год').value).toBe('');
    await user.type(box('Год'), '1999');
    expect(box('Год').value).toBe('1999');
  });

  it('move on to the next box when one is full, and back on Backspace in an empty one', async () => {
    const user = await openBirthDate();
    await user.click(box('День'));
    await user.keyboard('05');
    expect(document.activeElement).toBe(box('Месяц'));
    await user.keyboard('09');
    expect(document.activeElement).toBe(box('Год'));
    await user.keyboard('2010');
    expect([box('День').value, box('Месяц').value, box('Год').value]).toEqual(['05', '09', '2010']);
    await user.keyboard('{Backspace>5}');
    expect(box('Год').value).toBe('');
    expect(document.activeElement).toBe(box('Месяц'));
  });

  it('pad a lone day or month digit on leaving the box', async () => {
    const user = await openBirthDate();
    await user.type(box('День'), '5');
    await user.click(box('Месяц'));
    expect(box('День').value).toBe('05');
  });

  it('split a whole pasted date across the boxes', async () => {
    await openBirthDate();
    fireEvent.paste(box('День'), { clipboardData: { getData: () => '14.05.2010' } });
    expect([box('День').value, box('Месяц').value, box('Год').value]).toEqual(['14', '05', '2010']);
  });
});

describe('box rules', () => {
  it.each([
    ['day', '123', '12'],
    ['month', 'ab7', '7'],
    ['year', '20105', '2010'],
    ['year', '1', '1'],
    ['year', '2', '2'],
    ['year', '3012', ''],
    ['year', '0999', ''],
  ] as const)('%s %j → %j', (kind, raw, kept) => {
    expect(sanitizeBox(kind, raw)).toBe(kept);
  });

  it('reads pasted dates in the usual spellings', () => {
    expect(splitPastedDate('1/5/2010')).toEqual({ day: '01', month: '05', year: '2010' });
    expect(splitPastedDate('14052010')).toEqual({ day: '14', month: '05', year: '2010' });
    expect(splitPastedDate('вчера')).toBeNull();
  });
});
