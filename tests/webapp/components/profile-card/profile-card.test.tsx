import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ALLOWED_RENDITIONS } from '../../../../contracts/media';
import { profileCardSchema } from '../../../../contracts/profile-card';
import { ProfileCard } from '../../../../webapp/components/profile-card/profile-card';
import { formatHeight } from '../../../../webapp/components/profile-card/profile-labels';
import { cardOf } from './card-fixtures';

const card = () => screen.getByRole('article');

describe('the profile card', () => {
  it('shows name and age, city, chips, bio and height in metres', () => {
    render(<ProfileCard card={cardOf()} />);
    expect(screen.getByRole('heading', { name: 'Глеб, 15' })).toBeTruthy();
    expect(within(card()).getByText('Москва')).toBeTruthy();
    const chips = within(screen.getByRole('list', { name: 'Теги' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(chips).toEqual(['Би', 'Отношения локальные', 'Общение']);
    expect(within(card()).getByText('Играю в волейбол, читаю фантастику и учу японский.')).toBeTruthy();
    expect(within(card()).getByText('1.75 м')).toBeTruthy();
  });

  it('never shows a body weight (AMENDMENTS §5.9), even when a server still sends one', () => {
    render(<ProfileCard card={profileCardSchema.parse({ ...cardOf(), weightKg: 62 })} />);
    expect(within(card()).getByText('1.75 м')).toBeTruthy();
    expect(within(card()).queryByText('Вес')).toBeNull();
    expect(card().textContent).not.toMatch(/кг/);
  });

  it.each([
    ['GAY', 'Гей'],
    ['LESBIAN', 'Лесби'],
    ['BISEXUAL', 'Би'],
    ['PANSEXUAL', 'Пан'],
    ['QUEER', 'Квир'],
    ['ASEXUAL', 'Асексуал'],
  ])('labels the orientation %s as %s', (gender, label) => {
    render(<ProfileCard card={cardOf({ gender, lookingFor: [] })} />);
    expect(within(screen.getByRole('list', { name: 'Теги' })).getByRole('listitem').textContent).toBe(label);
  });

  it('shows only the three offered goals, in the product order, and nothing it does not know', () => {
    render(<ProfileCard card={cardOf({ gender: null, lookingFor: ['COMMUNICATION', 'SOMETHING_ELSE', 'LONG_DISTANCE', 'LOCAL'] })} />);
    const chips = within(screen.getByRole('list', { name: 'Теги' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(chips).toEqual(['Отношения на расстоянии', 'Отношения локальные', 'Общение']);
  });

  it('has no size line: no centimetres anywhere, even when the server sends more fields than the card knows', () => {
    const raw = { ...cardOf(), extraMeasureCm: 15 };
    render(<ProfileCard card={profileCardSchema.parse(raw)} />);
    expect(card().textContent).not.toMatch(/\d\s*см/);
    expect(card().textContent).not.toContain('Размер');
  });

  it('formats heights with two decimals', () => {
    expect([100, 175, 180, 203].map(formatHeight)).toEqual(['1.00 м', '1.75 м', '1.80 м', '2.03 м']);
  });

  it('leaves out what the card does not have', () => {
    render(
      <ProfileCard
        card={cardOf({
          displayName: null,
          age: null,
          city: null,
          bio: null,
          heightCm: null,
          gender: null,
          lookingFor: [],
        })}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Пользователь' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Теги' })).toBeNull();
    expect(within(card()).queryByText('О себе')).toBeNull();
    expect(within(card()).queryByText('Рост')).toBeNull();
  });

  it('asks for the card photos by srcset over the allowed widths, AVIF first and WebP as the fallback', () => {
    render(<ProfileCard card={cardOf()} />);
    const current = screen.getByRole('img', { name: 'Фото: Глеб, 15' });
    const base = '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/profile';
    const avif = current.parentElement!.querySelector('source[type="image/avif"]')!;
    expect(avif.getAttribute('srcset')).toBe(`${base}?w=360 360w, ${base}?w=480 480w, ${base}?w=720 720w, ${base}?w=1080 1080w`);
    expect(current.getAttribute('srcset')).toBe(
      `${base}?w=360&f=webp 360w, ${base}?w=480&f=webp 480w, ${base}?w=720&f=webp 720w, ${base}?w=1080&f=webp 1080w`,
    );
    expect(current.getAttribute('src')).toBe(`${base}?w=1080&f=webp`);
    for (const el of [avif, current]) expect(el.getAttribute('sizes')).toBe('(min-width: 460px) 460px, 100vw');
    // Every URL is one the server serves as it is (no nearest-rendition fallback).
    for (const candidate of `${avif.getAttribute('srcset')}, ${current.getAttribute('srcset')}`.split(', ')) {
      const url = new URL(candidate.split(' ')[0]!, 'http://x');
      const f = (url.searchParams.get('f') ?? 'avif') as 'avif' | 'webp';
      expect(ALLOWED_RENDITIONS.profile.formats[f]).toContain(Number(url.searchParams.get('w')));
    }
  });

  it('gives a 390 px phone at DPR 3 the 1080 photo and smaller screens less (the srcset pick)', () => {
    render(<ProfileCard card={cardOf()} />);
    const candidates = screen
      .getByRole('img', { name: 'Фото: Глеб, 15' })
      .getAttribute('srcset')!
      .split(', ')
      .map((c) => Number(c.split(' ')[1]!.replace('w', '')));
    // What a browser does with `sizes` 100vw below 460 px: the smallest candidate at least viewport × DPR, else the largest.
    const pick = (viewport: number, dpr: number) => candidates.find((w) => w >= viewport * dpr) ?? candidates.at(-1);
    expect(pick(390, 3)).toBe(1080);
    expect(pick(360, 2)).toBe(720);
    expect(pick(320, 1.5)).toBe(480);
    expect(pick(320, 1)).toBe(360);
  });

  it('shows the report control in view mode only, never in moderation or edit mode', () => {
    const report = <button type="button">Пожаловаться</button>;
    const { rerender } = render(<ProfileCard card={cardOf()} reportAction={report} />);
    expect(screen.getByRole('button', { name: 'Пожаловаться' })).toBeTruthy();
    rerender(<ProfileCard card={cardOf()} mode="moderation" reportAction={report} />);
    expect(screen.queryByRole('button', { name: 'Пожаловаться' })).toBeNull();
    rerender(<ProfileCard card={cardOf()} mode="edit" reportAction={report} />);
    expect(screen.queryByRole('button', { name: 'Пожаловаться' })).toBeNull();
  });

  it('renders the actions it is given', () => {
    render(<ProfileCard card={cardOf()} actions={<button type="button">Одобрить</button>} />);
    expect(within(card()).getByRole('button', { name: 'Одобрить' })).toBeTruthy();
  });
});
