import type { LookingFor } from '../../contracts/profile-fields';
import type { DemoPerson } from './demo-people';
import { defaultSearchShow } from '../../contracts/search-settings';

const DAY = 86_400_000;

const BIOS = [
  'Люблю музыку, книги и долгие прогулки по вечерам.',
  'Рисую скетчи, играю на гитаре и ищу друзей по интересам.',
  'Учусь в школе, увлекаюсь фотографией и настольными играми.',
  'Обожаю аниме, котиков и горячий шоколад зимой.',
  'Занимаюсь танцами, мечтаю поехать в путешествие по Европе.',
  'Пишу стихи, слушаю инди и всегда рада новым знакомствам.',
  'Программирую маленькие игры и катаюсь на скейте.',
  'Хожу в походы, люблю горы, костёр и песни под гитару.',
  'Смотрю сериалы, готовлю десерты и коллекционирую значки.',
  'Играю в волейбол, читаю фантастику и учу японский.',
];

const GOALS: LookingFor[][] = [
  ['COMMUNICATION'],
  ['LOCAL', 'COMMUNICATION'],
  ['LONG_DISTANCE'],
  ['LONG_DISTANCE', 'COMMUNICATION'],
  ['LOCAL'],
];

/** A birth date making the person exactly `age` today, spread over the year and clear of the birthday. */
function demoBirthDate(person: DemoPerson, index: number, now = new Date()): string {
  const sameDay = Date.UTC(now.getUTCFullYear() - person.age, now.getUTCMonth(), now.getUTCDate());
  return new Date(sameDay - (20 + ((index * 37) % 320)) * DAY).toISOString().slice(0, 10);
}

/** The approved profile fields of a demo person (the place is resolved by the seeder). */
export function demoProfileFields(person: DemoPerson, index: number) {
  return {
    displayName: person.firstName,
    birthDate: demoBirthDate(person, index),
    city: person.city,
    sex: person.sex,
    gender: person.gender,
    searchShow: defaultSearchShow(person.sex, person.gender),
    bio: BIOS[index % BIOS.length]!,
    lookingFor: GOALS[index % GOALS.length]!,
    heightCm: index % 4 === 0 ? null : 150 + ((index * 7) % 40),
    consentAcceptedAt: new Date(),
    initialModerationStatus: 'APPROVED' as const,
    descriptionModerationStatus: 'APPROVED' as const,
  };
}
