import type { Role } from '../users/user.entity';

export interface DemoPerson {
  telegramId: number;
  firstName: string;
  username: string;
  role: Role;
  /** Age in whole years on the day of seeding; birth dates are derived from it. */
  age: number;
  sex: 'MALE' | 'FEMALE';
  gender: 'GAY' | 'LESBIAN' | 'BISEXUAL' | 'PANSEXUAL' | 'QUEER' | 'ASEXUAL';
  city: string;
}

const NAMES_M = [
  'Артём',
  'Никита',
  'Лёва',
  'Миша',
  'Даня',
  'Егор',
  'Кирилл',
  'Паша',
  'Тимур',
  'Саша',
  'Гоша',
  'Ваня',
  'Матвей',
  'Рома',
  'Федя',
  'Глеб',
  'Илья',
  'Марк',
  'Стёпа',
  'Яша',
];
const NAMES_F = [
  'Аня',
  'Вика',
  'Даша',
  'Женя',
  'Катя',
  'Лиза',
  'Маша',
  'Ника',
  'Оля',
  'Полина',
  'Соня',
  'Таня',
  'Уля',
  'Юля',
  'Яна',
  'Алиса',
  'Вера',
  'Злата',
  'Ира',
  'Мила',
];
const CITIES = [
  'Москва',
  'Санкт-Петербург',
  'Минск',
  'Казань',
  'Новосибирск',
  'Екатеринбург',
  'Гомель',
  'Нижний Новгород',
  'Берлин',
  'Тбилиси',
];
const GENDERS_M = ['GAY', 'BISEXUAL', 'PANSEXUAL', 'QUEER', 'ASEXUAL'] as const;
const GENDERS_F = ['LESBIAN', 'BISEXUAL', 'PANSEXUAL', 'QUEER', 'ASEXUAL'] as const;

export const DEMO_ADMIN_ID = 100_001;
export const DEMO_MODERATOR_ID = 100_002;

/** 42 demo people: an admin, a moderator and 40 users spread over ages 13–19, both sexes and ten cities. */
export function demoPeople(): DemoPerson[] {
  const people: DemoPerson[] = [
    {
      telegramId: DEMO_ADMIN_ID,
      firstName: 'Админ',
      username: 'demo_admin',
      role: 'ADMIN',
      age: 19,
      sex: 'FEMALE',
      gender: 'QUEER',
      city: 'Москва',
    },
    {
      telegramId: DEMO_MODERATOR_ID,
      firstName: 'Модератор',
      username: 'demo_moderator',
      role: 'MODERATOR',
      age: 19,
      sex: 'MALE',
      gender: 'BISEXUAL',
      city: 'Минск',
    },
  ];
  for (let i = 0; i < 40; i++) {
    const male = i % 2 === 0;
    const names = male ? NAMES_M : NAMES_F;
    const genders = male ? GENDERS_M : GENDERS_F;
    people.push({
      telegramId: 100_010 + i,
      firstName: names[Math.floor(i / 2) % names.length] ?? 'Гость',
      username: `demo_user_${i + 1}`,
      role: 'USER',
      age: 13 + (i % 7),
      sex: male ? 'MALE' : 'FEMALE',
      gender: genders[i % genders.length] ?? 'QUEER',
      city: CITIES[i % CITIES.length] ?? 'Москва',
    });
  }
  return people;
}
