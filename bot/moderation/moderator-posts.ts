import { InputFile, InputMediaBuilder, type Api, type InlineKeyboard } from 'grammy';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../platform/logger';
import { renderImage } from '../../db/media/render-image';
import type { ImageCodec } from '../../db/media/image-codec';
import type { Storage } from '../../db/media/storage';
import { ModerationPost, type PostSubject } from '../../db/moderation/moderation-post.entity';
import type { Orm } from '../../db/orm';
import { User, type Role } from '../../db/users/user.entity';
import { directDelivery, everyOne, type Delivery } from '../notifications/delivery';

export interface ModeratorPostDeps {
  api: Api;
  orm: Orm;
  logger: Logger;
  publicUrl: string;
  /** Where photos are read from for the posts, and what encodes them; without both posts go out as text. */
  storage?: Storage;
  codec?: ImageCodec;
  /** The moderators' group; when null every moderator and admin gets a direct message. */
  moderationChatId?: number | null;
  /** A notify job's delivery (sent once per event, retried); without it calls are best effort. */
  delivery?: Delivery;
}

export interface PostContent {
  subject: PostSubject;
  subjectId: number;
  text: string;
  photos: Array<{ imageId: string; variant: 'profile' | 'media' }>;
  keyboard: (chatId: number) => InlineKeyboard;
  /** Posts about a staff member go to admins only, never to the group, and never to that person. */
  about?: { userId: number; staff: boolean };
}

// A caption holds 1024 characters; room is left for the outcome line appended later.
const CAPTION_MAX = 760;
const MAX_PHOTOS = 10;

/** The moderators' group, or every moderator and admin who is not banned; about staff, admins only (directly). */
async function moderatorChats(
  em: EntityManager,
  moderationChatId: number | null | undefined,
  about?: PostContent['about'],
): Promise<number[]> {
  if (moderationChatId && !about?.staff) return [moderationChatId];
  const roles: Role[] = about?.staff ? ['ADMIN'] : ['MODERATOR', 'ADMIN'];
  const staff = await em.find(User, { role: { $in: roles }, isBanned: false }, { orderBy: { telegramId: 'asc' } });
  return staff.map((u) => u.telegramId).filter((id) => id !== about?.userId);
}

/** JPEG bytes of the photos (Telegram does not take AVIF); a missing image is left out. */
async function photoBytes(deps: ModeratorPostDeps, photos: PostContent['photos']): Promise<Buffer[]> {
  const { storage, codec } = deps;
  if (!storage || !codec) return [];
  const rendered = await Promise.all(
    photos.slice(0, MAX_PHOTOS).map((p) => renderImage(storage, codec, p.imageId, p.variant, { w: 720, f: 'jpeg' }).catch(() => null)),
  );
  return rendered.flatMap((r) => (r ? [r.data] : []));
}

type SentPost = { messageId: number; text: string; isCaption: boolean };

/** One photo carries the text and the keyboard; an album cannot, so the text follows it (each sent once per event). */
async function send(
  deps: ModeratorPostDeps,
  delivery: Delivery,
  chatId: number,
  images: Buffer[],
  content: PostContent,
): Promise<SentPost | null> {
  const { api } = deps;
  const { text } = content;
  const reply_markup = content.keyboard(chatId);
  const record = (em: EntityManager, post: SentPost) =>
    void em.create(ModerationPost, { subject: content.subject, subjectId: content.subjectId, chatId, ...post });
  if (images.length === 1 && text.length <= CAPTION_MAX) {
    const photo = () => api.sendPhoto(chatId, new InputFile(images[0]!, 'photo.jpg'), { caption: text, reply_markup });
    return delivery.once(chatId, 'mod_post', async () => ({ messageId: (await photo()).message_id, text, isCaption: true }), { record });
  }
  const album = () =>
    api.sendMediaGroup(
      chatId,
      images.map((bytes, i) => InputMediaBuilder.photo(new InputFile(bytes, `photo-${i + 1}.jpg`))),
    );
  if (images.length > 1) await delivery.once(chatId, 'mod_album', album);
  const message = () => api.sendMessage(chatId, text, { reply_markup });
  return delivery.once(chatId, 'mod_post', async () => ({ messageId: (await message()).message_id, text, isCaption: false }), { record });
}

/** Sends the post to every moderator chat and remembers each message so it can be edited when decided. */
export async function postToModerators(deps: ModeratorPostDeps, content: PostContent): Promise<number> {
  const chats = await moderatorChats(deps.orm.em.fork(), deps.moderationChatId, content.about);
  const images = await photoBytes(deps, content.photos);
  const delivery = deps.delivery ?? directDelivery(deps.orm, deps.logger);
  let sent = 0;
  // A moderator who never started the bot (403) or a wrong group id (400) does not stop the others.
  await everyOne(chats, async (chatId) => {
    if (await send(deps, delivery, chatId, images, content)) sent++;
  });
  return sent;
}

/** Rewrites every post about the subject: its text plus `note`, with the keyboard `keyboard(chatId)` gives. */
export async function rewritePosts(
  deps: ModeratorPostDeps,
  subject: PostSubject,
  subjectId: number,
  note: string,
  keyboard: (chatId: number) => InlineKeyboard | undefined,
): Promise<ModerationPost[]> {
  const posts = await deps.orm.em.fork().find(ModerationPost, { subject, subjectId });
  const delivery = deps.delivery ?? directDelivery(deps.orm, deps.logger);
  // An edit is safe to repeat: Telegram refuses one that changes nothing (400), which counts as done.
  await everyOne(posts, (post) => {
    const text = `${post.text}\n\n${note}`;
    const reply_markup = keyboard(post.chatId);
    return delivery.attempt(post.chatId, () =>
      post.isCaption
        ? deps.api.editMessageCaption(post.chatId, post.messageId, { caption: text.slice(0, 1024), reply_markup })
        : deps.api.editMessageText(post.chatId, post.messageId, text.slice(0, 4096), { reply_markup }),
    );
  });
  return posts;
}
