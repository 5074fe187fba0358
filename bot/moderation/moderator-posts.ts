import { GrammyError, InputFile, InputMediaBuilder, type Api, type InlineKeyboard } from 'grammy';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../../db/logger';
import { renderImage } from '../../db/media/images.service';
import type { Storage } from '../../db/media/storage';
import { ModerationPost, type PostSubject } from '../../db/moderation/moderation-post.entity';
import type { Orm } from '../../db/orm';
import { User } from '../../db/users/user.entity';

export interface ModeratorPostDeps {
  api: Api;
  orm: Orm;
  logger: Logger;
  publicUrl: string;
  /** Where photos are read from for the posts; without it posts go out as text. */
  storage?: Storage;
  /** The moderators' group; when null every moderator and admin gets a direct message. */
  moderationChatId?: number | null;
}

export interface PostContent {
  subject: PostSubject;
  subjectId: number;
  text: string;
  photos: Array<{ imageId: string; variant: 'profile' | 'media' }>;
  keyboard: (chatId: number) => InlineKeyboard;
}

// A caption holds 1024 characters; room is left for the outcome line appended later.
const CAPTION_MAX = 760;
const MAX_PHOTOS = 10;

/** The moderators' group, or every moderator and admin who is not banned. */
export async function moderatorChats(em: EntityManager, moderationChatId: number | null | undefined): Promise<number[]> {
  if (moderationChatId) return [moderationChatId];
  const staff = await em.find(User, { role: { $in: ['MODERATOR', 'ADMIN'] }, isBanned: false }, { orderBy: { telegramId: 'asc' } });
  return staff.map((u) => u.telegramId);
}

/** JPEG bytes of the photos (Telegram does not take AVIF); a missing image is left out. */
async function photoBytes(deps: ModeratorPostDeps, photos: PostContent['photos']): Promise<Buffer[]> {
  if (!deps.storage) return [];
  const rendered = await Promise.all(photos.slice(0, MAX_PHOTOS).map((p) => renderImage(deps.storage!, p.imageId, p.variant, { w: 720, f: 'jpeg' }).catch(() => null)));
  return rendered.flatMap((r) => (r ? [r.data] : []));
}

/** One photo carries the text and the keyboard; an album cannot, so the text follows it. */
async function send(api: Api, chatId: number, images: Buffer[], text: string, keyboard: InlineKeyboard): Promise<{ messageId: number; text: string; isCaption: boolean }> {
  if (images.length === 1 && text.length <= CAPTION_MAX) {
    const sent = await api.sendPhoto(chatId, new InputFile(images[0]!, 'photo.jpg'), { caption: text, reply_markup: keyboard });
    return { messageId: sent.message_id, text, isCaption: true };
  }
  if (images.length > 1) await api.sendMediaGroup(chatId, images.map((bytes, i) => InputMediaBuilder.photo(new InputFile(bytes, `photo-${i + 1}.jpg`))));
  const sent = await api.sendMessage(chatId, text, { reply_markup: keyboard });
  return { messageId: sent.message_id, text, isCaption: false };
}

const quietly = (err: unknown) => err instanceof GrammyError && (err.error_code === 403 || err.error_code === 400);

/** Sends the post to every moderator chat and remembers each message so it can be edited when decided. */
export async function postToModerators(deps: ModeratorPostDeps, content: PostContent): Promise<number> {
  const em = deps.orm.em.fork();
  const chats = await moderatorChats(em, deps.moderationChatId);
  const images = await photoBytes(deps, content.photos);
  let sent = 0;
  for (const chatId of chats) {
    try {
      const post = await send(deps.api, chatId, images, content.text, content.keyboard(chatId));
      em.create(ModerationPost, { subject: content.subject, subjectId: content.subjectId, chatId, ...post });
      sent++;
    } catch (err) {
      // A moderator who never started the bot (403) or a wrong group id (400) does not stop the others.
      if (quietly(err)) deps.logger.debug('moderation post skipped', { chatId, err });
      else deps.logger.warn('moderation post failed', { chatId, err });
    }
  }
  await em.flush();
  return sent;
}

/** Rewrites every post about the subject: its text plus `note`, with the keyboard `keyboard(chatId)` gives. */
export async function rewritePosts(deps: ModeratorPostDeps, subject: PostSubject, subjectId: number, note: string, keyboard: (chatId: number) => InlineKeyboard | undefined): Promise<ModerationPost[]> {
  const posts = await deps.orm.em.fork().find(ModerationPost, { subject, subjectId });
  for (const post of posts) {
    const text = `${post.text}\n\n${note}`;
    const reply_markup = keyboard(post.chatId);
    try {
      if (post.isCaption) await deps.api.editMessageCaption(post.chatId, post.messageId, { caption: text.slice(0, 1024), reply_markup });
      else await deps.api.editMessageText(post.chatId, post.messageId, text.slice(0, 4096), { reply_markup });
    } catch (err) {
      // Already showing this outcome (a second press), or deleted by someone in the group.
      if (!quietly(err)) deps.logger.warn('moderation post edit failed', { chatId: post.chatId, err });
    }
  }
  return posts;
}
