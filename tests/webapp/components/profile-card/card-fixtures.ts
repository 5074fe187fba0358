import type { ProfileCard } from '../../../../contracts/profile-card';

/** A card as the server sends it (photos are relative image paths). */
export function cardOf(overrides: Partial<ProfileCard> = {}): ProfileCard {
  return {
    userId: '100040',
    displayName: 'Глеб',
    age: 15,
    city: 'Москва',
    photos: [
      '/cdn/images/aaaaaaaaaaaaaaaaaaaaaaaa/profile',
      '/cdn/images/bbbbbbbbbbbbbbbbbbbbbbbb/profile',
      '/cdn/images/cccccccccccccccccccccccc/profile',
    ],
    bio: 'Играю в волейбол, читаю фантастику и учу японский.',
    heightCm: 175,
    gender: 'BISEXUAL',
    lookingFor: ['LOCAL', 'COMMUNICATION'],
    ...overrides,
  };
}
