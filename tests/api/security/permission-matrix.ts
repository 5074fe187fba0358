import type { Identity } from '../../support/security/identities';
import type { Fixtures } from '../../support/security/fixtures';
import { makeImage } from '../../support/images';
import { Profile } from '../../../db/profiles/profile.entity';
import { birthDateForAge } from '../../support/factories';
import { dmyForAge } from '../../support/onboarding';

/** One HTTP call: path parameters, query, JSON body, or a multipart file. */
export interface HttpCall {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  file?: { data: Buffer; fields: Record<string, string> };
}

type Build<T> = (f: Fixtures, caller: number) => Promise<T> | T;
/** A call with someone else's chat, user, image, sticker or message, and what it must answer. */
export type Idor<T> = { expect: number | 'error'; call: Build<T> } | { none: string };

/**
 * A call that names another user by id, built for any id (AMENDMENTS §5.1): answered for a person never introduced to
 * the caller exactly as for an id nobody has. Required of every route whose `idor` names data.
 */
export type Lookup<T> = { call: (f: Fixtures, caller: number, userId: number) => Promise<T> | T } | { none: string };

export interface RouteEntry {
  expect: Record<Identity, number>;
  /** Brings the caller to the state the route expects (before the call is built). */
  prepare?: Build<void>;
  /** A valid call for the caller: answered `expect[identity]`. */
  call: Build<HttpCall>;
  idor: Idor<HttpCall>;
  lookup: Lookup<HttpCall>;
}

const REFUSED = { none: 401, tampered: 401, expired: 401 } as const;
/** Any signed-in user; banned users are refused. */
const USER = { ...REFUSED, user: 200, banned: 403, moderator: 200, admin: 200 };
/** Banned users may still learn that they are banned. */
const SELF = { ...USER, banned: 200 };
const MODERATOR = { ...USER, user: 403 };
const ADMIN = { ...MODERATOR, moderator: 403 };
/** Answered the same to everyone: initData is no credential there. */
const EVERYONE = (status: number) => ({
  none: status,
  tampered: status,
  expired: status,
  user: status,
  banned: status,
  moderator: status,
  admin: status,
});
const PUBLIC = EVERYONE(200);

const NOT_FOUND = 404;
const chatOf = async (f: Fixtures, me: number) => (await f.chatOf(me)).chatId;
const othersChat = async (f: Fixtures) => (await f.othersChat()).chatId;
const imageUrl = (id: string, variant = 'media') => `/cdn/images/${id}/${variant}`;
const noProfile: Build<void> = (f, me) =>
  f.app.db.orm.em
    .fork()
    .nativeDelete(Profile, { user: me })
    .then(() => undefined);
const NOT_AN_ID = 'names no one else’s data';
const STAFF = 'staff act on any user by design (role-checked)';

/** A route that takes no user id from the client (chat, image, message ids are the `idor` probe's). */
const NO_USER = { none: 'takes no user id' } as const;

/** Every HTTP route of the app (keys as the routers name them); a route missing here fails the suite. */
export const ROUTES: Record<string, RouteEntry> = {
  'POST /api/telegram/validate': { expect: SELF, call: () => ({ body: {} }), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'GET /api/profile/me': { expect: SELF, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/profile/me': { expect: SELF, call: () => ({ body: {} }), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/profile/submit-base': {
    expect: USER,
    prepare: noProfile,
    call: async (f, me) => ({
      body: {
        displayName: 'Аня',
        birthDate: dmyForAge(16),
        sex: 'FEMALE',
        gender: 'BISEXUAL',
        city: 'Москва',
        photos: await Promise.all([0, 1, 2].map(async () => ({ url: imageUrl(await f.image(me, 'profile'), 'profile') }))),
      },
    }),
    idor: {
      expect: 400,
      call: async (f) => ({
        body: {
          displayName: 'Аня',
          birthDate: dmyForAge(16),
          sex: 'FEMALE',
          gender: 'BISEXUAL',
          city: 'Москва',
          photos: await Promise.all([0, 1, 2].map(async () => ({ url: imageUrl(await f.image(await f.member(), 'profile'), 'profile') }))),
        },
      }),
    },
    lookup: NO_USER,
  },
  'POST /api/profile/submit-details': {
    expect: USER,
    prepare: (f, me) =>
      f.app.db.orm.em
        .fork()
        .nativeUpdate(Profile, { user: me }, { descriptionModerationStatus: null, bio: null })
        .then(() => undefined),
    call: () => ({
      body: { description: 'Люблю музыку, книги и долгие прогулки по вечерам.', consentAccepted: true, lookingFor: ['COMMUNICATION'] },
    }),
    idor: { none: NOT_AN_ID },
    lookup: NO_USER,
  },
  'POST /api/profile/sex': {
    expect: USER,
    // A profile made before sex was required (AMENDMENTS §5.2).
    prepare: (f, me) =>
      f.app.db.orm.em
        .fork()
        .nativeUpdate(Profile, { user: me }, { sex: null })
        .then(() => undefined),
    call: () => ({ body: { sex: 'FEMALE', gender: 'BISEXUAL' } }),
    idor: { none: NOT_AN_ID },
    lookup: NO_USER,
  },
  'POST /api/profile/status': { expect: USER, call: () => ({ body: {} }), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'GET /api/profile/status': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'GET /api/profile/write-access': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/profile/write-access': { expect: USER, call: () => ({ body: { allowed: true } }), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'GET /api/profile/my': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'PATCH /api/profile/my': {
    expect: USER,
    call: () => ({ body: { displayName: 'Новое имя' } }),
    idor: {
      expect: 400,
      call: async (f) => ({ body: { photos: [{ url: imageUrl(await f.image(await f.member(), 'profile'), 'profile') }] } }),
    },
    lookup: NO_USER,
  },
  'GET /api/profile/avatar': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/profile/avatar/update': {
    expect: USER,
    call: async (f, me) => ({ body: { photoUrl: imageUrl(await f.image(me, 'avatar'), 'avatar') } }),
    idor: { expect: 400, call: async (f) => ({ body: { photoUrl: imageUrl(await f.image(await f.member(), 'avatar'), 'avatar') } }) },
    lookup: NO_USER,
  },
  'POST /api/profile/avatar/remove': { expect: USER, call: () => ({ body: {} }), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'GET /api/places/search': { expect: USER, call: () => ({ query: { q: 'Моск' } }), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/dadata/suggest/city': { expect: USER, call: () => ({ body: { q: 'Моск' } }), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/cdn/images/upload': {
    expect: USER,
    call: async () => ({ file: { data: await makeImage('jpeg', { width: 64, height: 48 }), fields: { variant: 'media' } } }),
    idor: { none: NOT_AN_ID },
    lookup: NO_USER,
  },
  'GET /api/explore/first': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/explore/undo': {
    expect: USER,
    call: async (f, me) => ({ body: { targetUserId: String(await f.dislikedBy(me)) } }),
    idor: { none: 'takes back only the caller’s own last dislike' },
    lookup: { call: (_f, _me, userId) => ({ body: { targetUserId: String(userId) } }) },
  },
  'GET /api/search-settings': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/search-settings': {
    expect: USER,
    call: () => ({ body: { show: 'ALL', lookingFor: ['COMMUNICATION'] } }),
    idor: { none: NOT_AN_ID },
    lookup: NO_USER,
  },
  'GET /api/likes/unread-count': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'GET /api/likes/history': { expect: USER, call: () => ({ query: { filter: 'my-likes' } }), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/likes/clear-old': { expect: USER, call: () => ({ body: {} }), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'GET /api/chat/me': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'GET /api/chat/archive': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'GET /api/chat/archived': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'GET /api/chat/search': {
    expect: USER,
    call: () => ({ query: { q: 'Ан' } }),
    idor: { none: 'searches only the caller’s own chats' },
    lookup: NO_USER,
  },
  'POST /api/chat/archive': {
    expect: USER,
    call: async (f, me) => ({ body: { chatId: await chatOf(f, me), archived: true } }),
    idor: { expect: NOT_FOUND, call: async (f) => ({ body: { chatId: await othersChat(f), archived: true } }) },
    lookup: NO_USER,
  },
  'GET /api/messages/chat-info': {
    expect: USER,
    call: async (f, me) => ({ query: { chatId: String(await chatOf(f, me)) } }),
    idor: { expect: NOT_FOUND, call: async (f) => ({ query: { chatId: String(await othersChat(f)) } }) },
    lookup: NO_USER,
  },
  'GET /api/messages/history': {
    expect: USER,
    call: async (f, me) => ({ query: { chatId: String(await chatOf(f, me)) } }),
    idor: { expect: NOT_FOUND, call: async (f) => ({ query: { chatId: String(await othersChat(f)) } }) },
    lookup: NO_USER,
  },
  // Someone else's chat id is silently left out of the answer (checked in the IDOR test).
  'GET /api/messages/users-online-status': {
    expect: USER,
    call: async (f, me) => ({ query: { chatIds: String(await chatOf(f, me)) } }),
    idor: { expect: 200, call: async (f) => ({ query: { chatIds: String(await othersChat(f)) } }) },
    lookup: NO_USER,
  },
  'GET /api/messages/total-unread-count': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/messages/mark-as-read': {
    expect: USER,
    call: async (f, me) => ({ body: { chatId: await chatOf(f, me) } }),
    idor: { expect: NOT_FOUND, call: async (f) => ({ body: { chatId: await othersChat(f) } }) },
    lookup: NO_USER,
  },
  'POST /api/messages/send-image': {
    expect: USER,
    call: async (f, me) => ({ body: { chatId: await chatOf(f, me), imageId: await f.image(me), clientId: 'img-1' } }),
    idor: {
      expect: NOT_FOUND,
      call: async (f, me) => ({ body: { chatId: await chatOf(f, me), imageId: await f.image(await f.member()), clientId: 'img-2' } }),
    },
    lookup: NO_USER,
  },
  'POST /api/messages/send-sticker': {
    expect: USER,
    call: async (f, me) => ({ body: { chatId: await chatOf(f, me), stickerId: await f.sticker(me) } }),
    idor: {
      expect: NOT_FOUND,
      call: async (f, me) => ({ body: { chatId: await chatOf(f, me), stickerId: await f.sticker(await f.member()) } }),
    },
    lookup: NO_USER,
  },
  'GET /api/stickers/all': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/stickers/import': {
    expect: USER,
    call: () => ({ body: { telegramUrl: 't.me/addstickers/Known_pack' } }),
    idor: { none: 'sticker sets are public by name' },
    lookup: NO_USER,
  },
  'GET /api/moderation/items': { expect: MODERATOR, call: () => ({}), idor: { none: STAFF }, lookup: { none: STAFF } },
  'GET /api/moderation/counts': { expect: MODERATOR, call: () => ({}), idor: { none: STAFF }, lookup: { none: STAFF } },
  'POST /api/moderation/item/status': {
    expect: MODERATOR,
    call: async (f) => ({ body: { itemId: await f.pendingItem(), version: 1, status: 'APPROVED' } }),
    idor: { none: STAFF },
    lookup: { none: STAFF },
  },
  'GET /api/moderation/reports': { expect: MODERATOR, call: () => ({}), idor: { none: STAFF }, lookup: { none: STAFF } },
  'POST /api/moderation/report/action': {
    expect: MODERATOR,
    call: async (f) => ({ body: { reportId: await f.pendingReport(), action: 'REJECT' } }),
    idor: { none: STAFF },
    lookup: { none: STAFF },
  },
  'GET /api/users': { expect: MODERATOR, call: () => ({}), idor: { none: STAFF }, lookup: { none: STAFF } },
  'GET /api/user/:id/details': {
    expect: MODERATOR,
    call: async (f) => ({ params: { id: await f.member() } }),
    idor: { none: STAFF },
    lookup: { none: STAFF },
  },
  'PATCH /api/user/:id/account': {
    expect: ADMIN,
    call: async (f) => ({ params: { id: await f.member() }, body: { isBanned: false } }),
    idor: { none: STAFF },
    lookup: { none: STAFF },
  },
  'PATCH /api/user/:id/profile': {
    expect: ADMIN,
    call: async (f) => ({ params: { id: await f.member() }, body: { city: 'Казань' } }),
    idor: { none: STAFF },
    lookup: { none: STAFF },
  },
  'PATCH /api/user/:id/birth-date': {
    expect: MODERATOR,
    call: async (f) => ({ params: { id: await f.member() }, body: { birthDate: birthDateForAge(16) } }),
    idor: { none: STAFF },
    lookup: { none: STAFF },
  },
  'POST /api/admin/user/role': {
    expect: ADMIN,
    call: async (f) => ({ body: { targetTelegramId: await f.member(), newRole: 'MODERATOR' } }),
    idor: { none: STAFF },
    lookup: { none: STAFF },
  },
  'POST /api/admin/user/delete': {
    expect: ADMIN,
    call: async (f) => ({ body: { targetTelegramId: await f.member() } }),
    idor: { none: STAFF },
    lookup: { none: STAFF },
  },
  'GET /api/stats/overview': { expect: ADMIN, call: () => ({}), idor: { none: STAFF }, lookup: { none: STAFF } },
  'GET /api/stats/registrations': { expect: ADMIN, call: () => ({ query: { days: '7' } }), idor: { none: STAFF }, lookup: { none: STAFF } },
  'GET /api/stats/activity': { expect: ADMIN, call: () => ({ query: { days: '7' } }), idor: { none: STAFF }, lookup: { none: STAFF } },
  'GET /api/stats/screening': { expect: ADMIN, call: () => ({ query: { days: '7' } }), idor: { none: STAFF }, lookup: { none: STAFF } },
  'GET /api/stats/moderators': { expect: ADMIN, call: () => ({}), idor: { none: STAFF }, lookup: { none: STAFF } },
  'GET /api/admin-db/overview': { expect: ADMIN, call: () => ({}), idor: { none: STAFF }, lookup: { none: STAFF } },
  'POST /api/admin-db/browse': {
    expect: ADMIN,
    call: () => ({ body: { model: 'Profile', page: 1, limit: 5 } }),
    idor: { none: STAFF },
    lookup: { none: STAFF },
  },
  'POST /api/admin-db/update': {
    expect: ADMIN,
    call: async (f) => ({ body: { model: 'Profile', where: { user: await f.member() }, data: { city: 'Пермь' } } }),
    idor: { none: STAFF },
    lookup: { none: STAFF },
  },
  'GET /api/profile/view': {
    expect: USER,
    call: async (f, me) => ({ query: { userId: String(await f.introducedTo(me)) } }),
    idor: {
      expect: NOT_FOUND,
      call: async (f, me) => ({ query: { userId: String(await f.introducedTo(me, { birthDate: birthDateForAge(25) })) } }),
    },
    lookup: { call: (_f, _me, userId) => ({ query: { userId: String(userId) } }) },
  },
  'GET /api/profile/view-by-chat': {
    expect: USER,
    call: async (f, me) => ({ query: { chatId: String(await chatOf(f, me)) } }),
    idor: { expect: NOT_FOUND, call: async (f) => ({ query: { chatId: String(await othersChat(f)) } }) },
    lookup: NO_USER,
  },
  'POST /api/profile/report': {
    expect: USER,
    call: async (f, me) => ({ body: { reportedUserId: await f.introducedTo(me), reason: 'SPAM' } }),
    lookup: { call: (_f, _me, userId) => ({ body: { reportedUserId: userId, reason: 'SPAM' } }) },
    idor: {
      expect: NOT_FOUND,
      call: async (f) => {
        const { chatId, a } = await f.othersChat();
        return { body: { reportedUserId: a, reason: 'SPAM', messageId: await f.message(chatId, a) } };
      },
    },
  },
  'GET /api/privacy/settings': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/privacy/settings': {
    expect: USER,
    call: () => ({ body: { allowDataForTraining: false } }),
    idor: { none: 'blocking names the other user by design' },
    lookup: { call: (_f, _me, userId) => ({ body: { action: 'addToBlacklist', userId: String(userId) } }) },
  },
  'POST /api/privacy/delete-account': {
    expect: USER,
    call: () => ({ body: { confirm: true } }),
    idor: { none: NOT_AN_ID },
    lookup: NO_USER,
  },
  'GET /api/notifications/settings': { expect: USER, call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  'POST /api/notifications/settings': {
    expect: USER,
    call: () => ({ body: { likes: false } }),
    idor: { none: NOT_AN_ID },
    lookup: NO_USER,
  },
  // Telegram's updates in WEBHOOK_URL mode: only the secret token header admits a call, whoever signs initData.
  'POST /telegram/webhook': {
    expect: EVERYONE(401),
    call: () => ({ body: { update_id: 1 } }),
    idor: { none: 'the secret token is the only credential' },
    lookup: NO_USER,
  },
  'GET /telegram/webhook': { expect: EVERYONE(405), call: () => ({}), idor: { none: NOT_AN_ID }, lookup: NO_USER },
  // For process managers and Prometheus (api/ops/ops.routes.ts): no initData; /metrics is off in the test app.
  'GET /healthz': { expect: PUBLIC, call: () => ({}), idor: { none: 'tells only that the process is up' }, lookup: NO_USER },
  'GET /readyz': { expect: PUBLIC, call: () => ({}), idor: { none: 'tells only which checks pass' }, lookup: NO_USER },
  'GET /metrics': {
    expect: EVERYONE(NOT_FOUND),
    call: () => ({}),
    idor: { none: 'off without METRICS_TOKEN; a bearer token, not initData' },
    lookup: NO_USER,
  },
  'GET /cdn/images/:id/:variant': {
    expect: PUBLIC,
    call: async (f, me) => ({ params: { id: await f.image(me), variant: 'media' } }),
    idor: { none: 'public images behind unguessable ids' },
    lookup: NO_USER,
  },
  // A deleted chat photo kept for an open report: only by the signed link the reports list gives staff (AMENDMENTS §5.5).
  'GET /cdn/evidence/:reportId': {
    expect: EVERYONE(NOT_FOUND),
    call: () => ({ params: { reportId: 1 }, query: { exp: String(Math.floor(Date.now() / 1000) + 600), sig: 'forged' } }),
    idor: { none: 'a signed, expiring link is the only credential; initData opens nothing' },
    lookup: NO_USER,
  },
};
