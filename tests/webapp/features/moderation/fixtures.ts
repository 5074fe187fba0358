import type { ModerationItemView } from '../../../../contracts/moderation';
import type { ReportView } from '../../../../contracts/moderation-reports';

const photo = (n: number) => `/cdn/images/${String(n).padStart(24, 'a')}/profile`;

export function item(id: number, overrides: Partial<ModerationItemView> = {}): ModerationItemView {
  const userId = 700_000 + id;
  return {
    id,
    version: 1,
    type: 'INITIAL',
    status: 'PENDING',
    userId,
    createdAt: '2026-11-20T10:00:00.000Z',
    reason: null,
    resolvedAt: null,
    reviewer: null,
    user: { telegramId: userId, firstName: 'Аня', username: `anya${id}` },
    payload: {
      photos: [photo(1), photo(2), photo(3)],
      photoChecks: [null, null, null],
      needsPhotoCheck: false,
      profile: {
        userId: String(userId),
        displayName: `Аня${id}`,
        age: 16,
        city: 'Москва',
        photos: [photo(1), photo(2), photo(3)],
        bio: null,
        gender: 'BISEXUAL',
        lookingFor: [],
      },
      changes: {},
      lookingFor: [],
      isNewProfile: true,
      sex: 'FEMALE',
    },
    meta: { isNewProfile: true, typeLabel: 'Новый профиль', userLabel: `@anya${id}` },
    ...overrides,
  };
}

export const page = (items: ModerationItemView[], total = items.length, pageNo = 1) => ({
  ok: true,
  items,
  pagination: { page: pageNo, limit: 10, total, pages: Math.ceil(total / 10) },
});

export function report(id: number, overrides: Partial<ReportView> = {}): ReportView {
  return {
    id,
    reportType: 'PROFILE',
    typeLabel: 'Профиль',
    reason: 'SPAM',
    reasonLabel: 'Флуд и спам',
    description: 'Присылает рекламу',
    status: 'PENDING',
    createdAt: '2026-11-20T10:00:00.000Z',
    resolution: null,
    resolvedAt: null,
    reviewer: null,
    reporter: { telegramId: 1, username: 'reporter', firstName: 'Катя' },
    automatic: false,
    reportedUser: { telegramId: 800_000 + id, username: `spammer${id}`, firstName: 'Петя', isBanned: false },
    profile: {
      userId: String(800_000 + id),
      displayName: 'Петя',
      age: 17,
      city: 'Минск',
      photos: [photo(4)],
      bio: 'Привет',
      lookingFor: [],
    },
    messages: [],
    ...overrides,
  };
}

export const reportsPage = (reports: ReportView[], total = reports.length) => ({
  ok: true,
  reports,
  pagination: { page: 1, limit: 10, total, pages: Math.ceil(total / 10) },
});
