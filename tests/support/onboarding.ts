import type { DemoLaunchUser } from '../../bot/dev/sign-launch';
import { birthDateForAge } from './factories';
import { signInitData, testLaunchUser } from './init-data';
import { uploadPhotos } from './images';
import type { TestApp } from './test-app';

export interface Registrant {
  launch: DemoLaunchUser;
  initData: string;
  photos: string[];
}

/** A fresh Telegram user with three uploaded profile photos, ready to submit the base profile. */
export async function newRegistrant(app: TestApp): Promise<Registrant> {
  const launch = testLaunchUser();
  const initData = signInitData(launch);
  return { launch, initData, photos: await uploadPhotos(app, initData) };
}

/** 'DD/MM/YYYY' for someone `age` years old today. */
export function dmyForAge(age: number): string {
  const [y, m, d] = birthDateForAge(age).split('-');
  return `${d}/${m}/${y}`;
}

export const validBase = (r: Registrant, overrides: Record<string, unknown> = {}) => ({
  initData: r.initData,
  displayName: 'Аня',
  birthDate: dmyForAge(16),
  sex: 'FEMALE',
  gender: 'BISEXUAL',
  city: 'Москва',
  photos: r.photos.map((url) => ({ url })),
  ...overrides,
});

export const validDetails = (r: Registrant, overrides: Record<string, unknown> = {}) => ({
  initData: r.initData,
  description: 'Люблю музыку, книги и долгие прогулки по вечерам.',
  consentAccepted: true,
  lookingFor: ['COMMUNICATION', 'LOCAL'],
  heightCm: 170,
  ...overrides,
});
