import { setSexSchema } from '../../../../contracts/profile-sex';
import { setSex } from '../../../../webapp/features/onboarding/api/set-sex';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ZodType } from 'zod';
import {
  accountPatchSchema,
  adminDeleteSchema,
  adminProfilePatchSchema,
  dbBrowseBodySchema,
  dbUpdateBodySchema,
  roleChangeSchema,
  statsDaysQuerySchema,
} from '../../../../contracts/admin';
import { avatarUpdateSchema } from '../../../../contracts/avatar';
import {
  chatIdQuerySchema,
  chatListQuerySchema,
  historyQuerySchema as chatHistoryQuerySchema,
  markReadBodySchema,
  sendImageBodySchema,
  sendStickerBodySchema,
  stickerImportBodySchema,
} from '../../../../contracts/chat';
import { historyQuerySchema as likesHistoryQuerySchema } from '../../../../contracts/likes';
import { uploadFieldsSchema } from '../../../../contracts/media';
import { itemStatusBodySchema, moderationItemsQuerySchema } from '../../../../contracts/moderation';
import { reportActionBodySchema, reportsQuerySchema } from '../../../../contracts/moderation-reports';
import { notificationSettingsPatchSchema } from '../../../../contracts/notification-settings';
import { placesQuerySchema } from '../../../../contracts/places';
import { blacklistActionSchema, deleteAccountSchema, settingsPatchSchema } from '../../../../contracts/privacy';
import { profileEditSchema, submitBaseSchema, submitDetailsSchema } from '../../../../contracts/profile';
import { profileViewByChatQuerySchema, profileViewQuerySchema } from '../../../../contracts/profile-view';
import { reportRequestSchema } from '../../../../contracts/reports';
import { usersQuerySchema } from '../../../../contracts/users-list';
import { sendReport } from '../../../../webapp/components/report-dialog/send-report';
import { browseTable, updateCell } from '../../../../webapp/features/admin/api/db-api';
import { fetchAdminStats } from '../../../../webapp/features/admin/api/stats-api';
import { changeRole, deleteUser, patchAccount, patchProfile, uploadAvatarFile } from '../../../../webapp/features/admin/api/user-admin-api';
import { checkProfileField } from '../../../../webapp/features/admin/lib/profile-fields';
import {
  fetchChatInfo,
  fetchChatList,
  fetchHistory,
  importStickerPack,
  markRead,
  newClientId,
  sendImage,
  sendSticker,
} from '../../../../webapp/features/chat/api/chat-api';
import { fetchLikesHistory } from '../../../../webapp/features/likes/api/likes-history-api';
import { fetchModerationItems, updateItemStatus } from '../../../../webapp/features/moderation/api/moderation-items';
import { fetchReports, reportAction } from '../../../../webapp/features/moderation/api/moderation-reports';
import { searchPlaces } from '../../../../webapp/features/onboarding/api/search-places';
import { submitBase } from '../../../../webapp/features/onboarding/api/submit-base';
import { submitDetails } from '../../../../webapp/features/onboarding/api/submit-details';
import { uploadProfilePhoto } from '../../../../webapp/features/onboarding/api/upload-profile-photo';
import { saveNotificationSettings } from '../../../../webapp/features/privacy/api/notification-settings-api';
import { deleteAccount, savePrivacySettings, unblockUser } from '../../../../webapp/features/privacy/api/privacy-api';
import { saveCustomAvatar } from '../../../../webapp/features/profile/api/avatar-api';
import { blockUser } from '../../../../webapp/components/profile-card/block-user';
import { patchMyProfile } from '../../../../webapp/features/profile/api/my-profile-api';
import { fetchPeerProfile } from '../../../../webapp/features/profile/api/peer-profile-api';
import { checkField } from '../../../../webapp/features/profile/lib/edit-fields';
import { fetchUsers } from '../../../../webapp/features/users/api/fetch-users';
import { setInitData } from '../../../../webapp/lib/init-data';

// What the server's route would parse: the query as Koa reads it, or the JSON / multipart fields.
interface Sent {
  method: string;
  path: string;
  payload: Record<string, unknown>;
}
let sent: Sent[] = [];

beforeEach(() => {
  setInitData('query_id=1&user=%7B%7D&hash=abc');
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), window.location.origin);
      const body = init.body;
      const payload =
        body instanceof FormData
          ? Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'))
          : typeof body === 'string'
            ? (JSON.parse(body) as Record<string, unknown>)
            : Object.fromEntries(url.searchParams);
      sent.push({ method: init.method ?? 'GET', path: url.pathname, payload });
      // Any answer will do: only the request is checked, so a failed answer check is ignored below.
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const valueOf = (check: { ok: true; value: unknown } | { ok: false; message: string }) => {
  if (!check.ok) throw new Error(check.message);
  return check.value;
};
const birthDateAged = (years: number) => {
  const d = new Date();
  return `15/06/${d.getUTCFullYear() - years}`;
};
const IMAGE_ID = '0123456789abcdef01234567';
const REASON = 'Фото не соответствует правилам сообщества';

type Case = [name: string, call: () => Promise<unknown>, path: string, schema: ZodType];

const CASES: Case[] = [
  ['db browse', () => browseTable('Profile', 2), '/api/admin-db/browse', dbBrowseBodySchema],
  ['db cell edit', () => updateCell('Profile', { id: 7 }, { city: 'Минск' }), '/api/admin-db/update', dbUpdateBodySchema],
  ['stats registrations window', () => fetchAdminStats(), '/api/stats/registrations', statsDaysQuerySchema],
  ['stats activity window', () => fetchAdminStats(), '/api/stats/activity', statsDaysQuerySchema],
  ['admin ban', () => patchAccount(100012, { isBanned: true, banReason: null }), '/api/user/100012/account', accountPatchSchema],
  ['admin unban', () => patchAccount(100012, { isBanned: false, banReason: null }), '/api/user/100012/account', accountPatchSchema],
  [
    'admin clears height',
    () => patchProfile(100012, { heightCm: valueOf(checkProfileField('heightCm', '')) as number | null }),
    '/api/user/100012/profile',
    adminProfilePatchSchema,
  ],
  [
    'admin sets height',
    () => patchProfile(100012, { heightCm: valueOf(checkProfileField('heightCm', '164')) as number }),
    '/api/user/100012/profile',
    adminProfilePatchSchema,
  ],
  [
    'admin photos',
    () => patchProfile(100012, { photos: valueOf(checkProfileField('photos', ' /cdn/images/a \n\n/cdn/images/b')) as string[] }),
    '/api/user/100012/profile',
    adminProfilePatchSchema,
  ],
  [
    'admin birth date',
    () => patchProfile(100012, { birthDate: valueOf(checkProfileField('birthDate', '2010-03-04')) as string }),
    '/api/user/100012/profile',
    adminProfilePatchSchema,
  ],
  ['role change', () => changeRole(100012, 'MODERATOR'), '/api/admin/user/role', roleChangeSchema],
  ['delete without reason', () => deleteUser(100012, null), '/api/admin/user/delete', adminDeleteSchema],
  ['delete with reason', () => deleteUser(100012, 'Просьба пользователя'), '/api/admin/user/delete', adminDeleteSchema],
  [
    'admin avatar upload',
    () => uploadAvatarFile(new File(['x'], 'a.png', { type: 'image/png' })),
    '/api/cdn/images/upload',
    uploadFieldsSchema,
  ],
  ['chat list, first page', () => fetchChatList(), '/api/chat/me', chatListQuerySchema],
  ['chat list, next page', () => fetchChatList('1767225600000.42'), '/api/chat/me', chatListQuerySchema],
  ['chat info', () => fetchChatInfo('42'), '/api/messages/chat-info', chatIdQuerySchema],
  ['history, older page', () => fetchHistory('42', '17'), '/api/messages/history', chatHistoryQuerySchema],
  ['mark read', () => markRead('42', 17), '/api/messages/mark-as-read', markReadBodySchema],
  ['mark read to the end', () => markRead('42'), '/api/messages/mark-as-read', markReadBodySchema],
  ['sticker import', () => importStickerPack('https://t.me/addstickers/Cats_Pack'), '/api/stickers/import', stickerImportBodySchema],
  ['send sticker', () => sendSticker('42', '9', newClientId()), '/api/messages/send-sticker', sendStickerBodySchema],
  ['send image', () => sendImage('42', IMAGE_ID, newClientId()), '/api/messages/send-image', sendImageBodySchema],
  ['likes history', () => fetchLikesHistory('matched', 2), '/api/likes/history', likesHistoryQuerySchema],
  [
    'moderation list',
    () => fetchModerationItems({ type: 'PROFILE_EDIT,PHOTOS', status: 'PENDING', page: 1, afterId: 12 }),
    '/api/moderation/items',
    moderationItemsQuerySchema,
  ],
  ['approve', () => updateItemStatus({ itemId: 3, version: 2, status: 'APPROVED' }), '/api/moderation/item/status', itemStatusBodySchema],
  [
    'reject with ban',
    () => updateItemStatus({ itemId: 3, version: 2, status: 'REJECTED', reason: REASON, banUser: true }),
    '/api/moderation/item/status',
    itemStatusBodySchema,
  ],
  [
    'discrepant',
    () => updateItemStatus({ itemId: 3, version: 2, status: 'DISCREPANT', reason: REASON, fields: ['displayName', 'photos'] }),
    '/api/moderation/item/status',
    itemStatusBodySchema,
  ],
  ['reports list', () => fetchReports({ status: 'PENDING', type: 'MESSAGE', page: 1 }), '/api/moderation/reports', reportsQuerySchema],
  [
    'report reject (report card)',
    () => reportAction({ reportId: 5, action: 'REJECT', reason: null }),
    '/api/moderation/report/action',
    reportActionBodySchema,
  ],
  [
    'report block',
    () => reportAction({ reportId: 5, action: 'BLOCK', reason: REASON }),
    '/api/moderation/report/action',
    reportActionBodySchema,
  ],
  ['places search', () => searchPlaces('Ми'), '/api/places/search', placesQuerySchema],
  [
    'submit base',
    () =>
      submitBase({
        displayName: 'Аня',
        birthDate: birthDateAged(15),
        sex: 'FEMALE',
        gender: 'LESBIAN',
        city: 'Минск',
        placeId: 4,
        photos: ['a', 'b', 'c'].map((p) => ({ url: `/cdn/images/${p}` })),
      }),
    '/api/profile/submit-base',
    submitBaseSchema,
  ],
  ['set a missing sex', () => setSex({ sex: 'MALE', gender: 'GAY' }), '/api/profile/sex', setSexSchema],
  [
    // As submitDescription sends it: the form's values already parsed by the same schema.
    'submit details',
    () =>
      submitDetails(
        submitDetailsSchema.parse({
          description: '  Люблю рисовать и гулять с собакой в парке  ',
          consentAccepted: true,
          lookingFor: ['LOCAL', 'LOCAL'],
          heightCm: 168,
        }),
      ),
    '/api/profile/submit-details',
    submitDetailsSchema,
  ],
  [
    'profile photo upload',
    () => uploadProfilePhoto(new Blob(['x'], { type: 'image/avif' }), 'p.avif'),
    '/api/cdn/images/upload',
    uploadFieldsSchema,
  ],
  ['notification switch', () => saveNotificationSettings({ likes: false }), '/api/notifications/settings', notificationSettingsPatchSchema],
  ['auto-delete period', () => savePrivacySettings({ autoDeleteMessages: 'WEEK' }), '/api/privacy/settings', settingsPatchSchema],
  ['training consent', () => savePrivacySettings({ allowDataForTraining: false }), '/api/privacy/settings', settingsPatchSchema],
  ['unblock', () => unblockUser('100013'), '/api/privacy/settings', blacklistActionSchema],
  ['block', () => blockUser('100013'), '/api/privacy/settings', blacklistActionSchema],
  ['delete account', () => deleteAccount(), '/api/privacy/delete-account', deleteAccountSchema],
  ['custom avatar', () => saveCustomAvatar(`/cdn/images/${IMAGE_ID}/avatar`), '/api/profile/avatar/update', avatarUpdateSchema],
  ['own bio', () => patchMyProfile({ bio: valueOf(checkField('bio', '  Привет! ')) as string }), '/api/profile/my', profileEditSchema],
  [
    'own height cleared',
    () => patchMyProfile({ heightCm: valueOf(checkField('heightCm', '')) as null }),
    '/api/profile/my',
    profileEditSchema,
  ],
  ['own city', () => patchMyProfile({ city: 'Минск', placeId: 4 }), '/api/profile/my', profileEditSchema],
  [
    'own photos',
    () => patchMyProfile({ photos: ['/cdn/images/a', '/cdn/images/b', '/cdn/images/c'] }),
    '/api/profile/my',
    profileEditSchema,
  ],
  ['peer profile', () => fetchPeerProfile({ kind: 'user', userId: '100013' }), '/api/profile/view', profileViewQuerySchema],
  [
    'peer profile by chat',
    () => fetchPeerProfile({ kind: 'chat', chatId: '42' }),
    '/api/profile/view-by-chat',
    profileViewByChatQuerySchema,
  ],
  ['report a profile', () => sendReport({ reportedUserId: '100013', reason: 'SPAM' }), '/api/profile/report', reportRequestSchema],
  [
    'report a message',
    () => sendReport({ reportedUserId: '100013', reason: 'HARASSMENT', description: 'Оскорбления', messageId: '77' }),
    '/api/profile/report',
    reportRequestSchema,
  ],
  ['user search', () => fetchUsers({ page: 2, q: 'ан' }), '/api/users', usersQuerySchema],
  ['user list', () => fetchUsers({ page: 1 }), '/api/users', usersQuerySchema],
];

describe('what the mini app sends, its route accepts', () => {
  it.each(CASES)('%s', async (_name, call, path, schema) => {
    await call().catch(() => undefined);
    const request = sent.find((r) => r.path === path);
    expect(request, `no call to ${path}`).toBeDefined();
    const parsed = schema.safeParse(request!.payload);
    expect(parsed.success ? null : parsed.error.issues).toBeNull();
  });
});
