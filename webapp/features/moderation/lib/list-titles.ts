/** Headings of the review lists by the `type` query parameter. */
const TITLES: Record<string, string> = {
  INITIAL: 'Новые анкеты',
  PROFILE_DESCRIPTION: 'Описания',
  'PROFILE_EDIT,PHOTOS': 'Изменения анкет',
  PROFILE_EDIT: 'Изменения анкет',
  PHOTOS: 'Новые фото',
};

export const listTitle = (type: string | null) => (type && TITLES[type]) || 'Анкеты на модерации';

/** The four queues of the hub and the profiles menu (edits include new photos). */
export const QUEUES = [
  {
    key: 'INITIAL',
    title: 'Новые анкеты',
    hint: 'Первая проверка профиля',
    to: '/moderation/profiles?type=INITIAL&status=PENDING',
    count: (c: Counts) => c.INITIAL,
  },
  {
    key: 'PROFILE_DESCRIPTION',
    title: 'Описания',
    hint: 'Текст анкеты и цели',
    to: '/moderation/profiles?type=PROFILE_DESCRIPTION&status=PENDING',
    count: (c: Counts) => c.PROFILE_DESCRIPTION,
  },
  {
    key: 'PROFILE_EDIT',
    title: 'Изменения',
    hint: 'Правки анкет и новые фото',
    to: '/moderation/profiles?type=PROFILE_EDIT,PHOTOS&status=PENDING',
    count: (c: Counts) => c.PROFILE_EDIT + c.PHOTOS,
  },
  {
    key: 'reports',
    title: 'Жалобы',
    hint: 'Сообщения и профили',
    to: '/moderation/reports?status=PENDING',
    count: (c: Counts) => c.reports,
  },
] as const;

interface Counts {
  INITIAL: number;
  PROFILE_DESCRIPTION: number;
  PROFILE_EDIT: number;
  PHOTOS: number;
  reports: number;
}
