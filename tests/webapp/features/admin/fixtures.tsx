import { act, render, renderHook } from '@testing-library/react';
import { defaultScheduler, notifyManager } from '@tanstack/react-query';
import { expect, type Mock } from 'vitest';
import type { DbBrowse, DbColumn, UserDetails } from '../../../../contracts/admin';
import { ServerState } from '../../../../webapp/lib/query/server-state';
import { ConfirmHost } from '../../../../webapp/components/ui/confirm-host';
import { Toaster } from '../../../../webapp/components/ui/toaster';

/** The toasts and confirmation dialogs the app frame's parent mounts. */
export const renderHosts = () =>
  render(
    <>
      <Toaster />
      <ConfirmHost />
    </>,
  );

const photo = (n: number) => `/cdn/images/${String(n).padStart(24, 'b')}/profile`;

export function details(
  overrides: {
    user?: Partial<UserDetails['user']>;
    profile?: Partial<NonNullable<UserDetails['profile']>> | null;
    canEdit?: boolean;
    canEditBirthDate?: boolean;
    initialReview?: UserDetails['initialReview'];
    history?: UserDetails['history'];
  } = {},
): UserDetails {
  return {
    ok: true,
    user: {
      telegramId: 100012,
      isBanned: false,
      banReason: null,
      bannedAt: null,
      isModerator: false,
      isAdmin: false,
      username: 'demo_user_3',
      firstName: 'Миша',
      lastName: null,
      role: 'USER',
      customPhotoUrl: null,
      photoUrl: null,
      createdAt: '2026-11-01T10:00:00.000Z',
      ...overrides.user,
    },
    profile:
      overrides.profile === null
        ? null
        : {
            displayName: 'Миша',
            birthDate: '2010-05-04',
            age: 16,
            city: 'Казань',
            bio: 'Люблю музыку',
            gender: 'GAY',
            sex: 'MALE',
            lookingFor: ['COMMUNICATION'],
            heightCm: 175,
            photos: [
              { url: photo(2), position: 1, status: 'APPROVED' },
              { url: photo(1), position: 0, status: 'APPROVED' },
            ],
            initialModerationStatus: 'APPROVED',
            descriptionModerationStatus: null,
            createdAt: '2026-11-01T10:00:00.000Z',
            updatedAt: '2026-11-02T10:00:00.000Z',
            ...overrides.profile,
          },
    initialReview:
      overrides.initialReview === undefined
        ? {
            itemId: 7,
            status: 'APPROVED',
            reason: null,
            resolvedAt: '2026-11-02T09:00:00.000Z',
            reviewer: { telegramId: 100002, label: '@demo_moderator' },
          }
        : overrides.initialReview,
    history: overrides.history ?? [],
    canEdit: overrides.canEdit ?? true,
    canEditBirthDate: overrides.canEditBirthDate ?? overrides.canEdit ?? true,
  };
}

export const col = (name: string, type: DbColumn['type'], extra: Partial<DbColumn> = {}): DbColumn => ({
  name,
  type,
  nullable: false,
  primary: false,
  editable: true,
  ...extra,
});

const PROFILE_COLUMNS: DbColumn[] = [
  col('id', 'number', { primary: true, editable: false }),
  col('city', 'string'),
  col('heightCm', 'number', { nullable: true }),
  col('isHidden', 'boolean'),
  col('updatedAt', 'datetime'),
  col('sex', 'enum', { enumValues: ['MALE', 'FEMALE'] }),
];

export function browsePage(rows: Record<string, unknown>[], pageNo = 1, total = rows.length, columns = PROFILE_COLUMNS): DbBrowse {
  return {
    ok: true,
    data: rows,
    schema: { entity: 'Profile', columns },
    pagination: { page: pageNo, limit: 25, total, pages: Math.max(1, Math.ceil(total / 25)) },
  };
}

export const profileRow = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  city: `Город ${id}`,
  heightCm: 170,
  isHidden: false,
  updatedAt: '2026-11-20T10:00:00.000Z',
  sex: 'MALE',
  ...extra,
});

/** An answer the test gives when it wants (a slow request answering late); awaiting `promise` after `resolve` lets its takers run. */
function later<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * A loading hook takes only its latest request's answer: `fetch` (the hook's API call, a vi.fn) answers three
 * requests late with `values` in turn; `field` is where the hook puts the answer. The first answer is shown; then two
 * reloads in a row, and the second one's answer comes before the first one's, which must not replace it.
 */
export async function expectLatestAnswerOnly<T, S extends { reload(): void }>(
  fetch: Mock<(...args: never[]) => Promise<T>>,
  useHook: () => S,
  field: keyof S,
  values: readonly [T, T, T],
): Promise<void> {
  const answers = [later<T>(), later<T>(), later<T>()];
  const answer = async (n: number) => {
    await act(async () => {
      answers[n]!.resolve(values[n]!);
      await answers[n]!.promise;
    });
  };
  fetch.mockClear();
  for (const { promise } of answers) fetch.mockImplementationOnce(() => promise);
  // The cache tells its observers in a microtask (documented setScheduler), which act() awaits with each answer.
  notifyManager.setScheduler(queueMicrotask);
  try {
    await answerInTurn(fetch, useHook, field, values, answer);
  } finally {
    notifyManager.setScheduler(defaultScheduler);
  }
}

async function answerInTurn<T, S extends { reload(): void }>(
  fetch: Mock<(...args: never[]) => Promise<T>>,
  useHook: () => S,
  field: keyof S,
  values: readonly [T, T, T],
  answer: (n: number) => Promise<void>,
): Promise<void> {
  const { result } = renderHook(useHook, { wrapper: ServerState });
  expect(result.current).toMatchObject({ [field]: null, loading: true, error: null });
  await answer(0);
  expect(result.current).toMatchObject({ [field]: values[0], loading: false, error: null });
  await act(async () => result.current.reload());
  expect(fetch).toHaveBeenCalledTimes(2);
  await act(async () => result.current.reload());
  expect(fetch).toHaveBeenCalledTimes(3);
  expect(result.current).toMatchObject({ loading: true, error: null });
  await answer(2);
  expect(result.current).toMatchObject({ [field]: values[2], loading: false, error: null });
  await answer(1);
  expect(result.current).toMatchObject({ [field]: values[2], loading: false, error: null });
}
