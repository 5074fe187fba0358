import { randomBytes } from 'node:crypto';
import { openPairChat } from '../../../db/chats/chats.service';
import { swipe } from '../../../db/likes/likes.service';
import { postMessage } from '../../../db/chats/messages.service';
import { storeImage } from '../../../db/media/images.service';
import { ModerationItem } from '../../../db/moderation/moderation-item.entity';
import { createReport } from '../../../db/reports/reports.service';
import { sqlOf } from '../../../db/kysely';
import { linkPack } from '../../../db/stickers/stickers.repository';
import type { ImageVariant } from '../../../contracts/media';
import { createMember, introduce, type MemberOptions } from '../factories';
import { makeImage } from '../images';
import type { TestApp } from '../test-app';

let jpeg: Promise<Buffer> | null = null;
const smallJpeg = () => (jpeg ??= makeImage('jpeg', { width: 64, height: 48 }));

/** Real rows for the calls of the permission matrix and the fuzz seeds; each call makes its own. */
export class Fixtures {
  constructor(readonly app: TestApp) {}

  private em() {
    return this.app.db.orm.em.fork();
  }

  member(opts: MemberOptions = {}): Promise<number> {
    return createMember(this.em(), opts);
  }

  /** A fresh member whom the feed has shown to `viewerId` (AMENDMENTS §5.1): the viewer may name them by id. */
  async introducedTo(viewerId: number, opts: MemberOptions = {}): Promise<number> {
    const id = await this.member(opts);
    await introduce(this.em(), viewerId, id);
    return id;
  }

  /** A chat between `userId` and a fresh peer of the same age band. */
  async chatOf(userId: number): Promise<{ chatId: number; peerId: number }> {
    const peerId = await this.member();
    const { chatId } = await openPairChat(this.em(), userId, peerId, new Date());
    return { chatId, peerId };
  }

  /** A chat of two strangers to the caller (the IDOR probe). */
  async othersChat(): Promise<{ chatId: number; a: number; b: number }> {
    const a = await this.member();
    const { chatId, peerId } = await this.chatOf(a);
    return { chatId, a, b: peerId };
  }

  /** A fresh member whom the caller has just disliked (what an undo takes back); a caller who may not browse has none. */
  async dislikedBy(userId: number): Promise<number> {
    const target = await this.introducedTo(userId);
    await swipe(this.em(), this.app.bus, { fromId: userId, toId: target, kind: 'DISLIKE' }).catch(() => undefined);
    return target;
  }

  async message(chatId: number, senderId: number, text = 'Привет'): Promise<number> {
    const posted = await postMessage(this.em(), this.app.bus, { chatId, senderId, clientId: null, content: { type: 'TEXT', text } });
    return posted.message.id;
  }

  async image(ownerId: number, kind: ImageVariant = 'media'): Promise<string> {
    const em = this.em();
    return (await storeImage(em, this.app.storage, this.app.codec, { ownerId, kind, data: await smallJpeg() })).id;
  }

  /** A one-sticker pack added to the user's packs; returns the sticker id. */
  async sticker(ownerId: number): Promise<number> {
    const em = this.em();
    const imageId = await this.image(ownerId);
    const pack = await sqlOf(em)
      .insertInto('sticker_packs')
      .values({ name: `p_${randomBytes(6).toString('hex')}`, title: 'Набор', created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const sticker = await sqlOf(em)
      .insertInto('stickers')
      .values({ pack_id: pack.id, position: 0, emoji: null, image_id: imageId, file_unique_id: 'u' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await linkPack(em, ownerId, Number(pack.id));
    return Number(sticker.id);
  }

  /** A pending PROFILE_DESCRIPTION item of a fresh member. */
  async pendingItem(): Promise<number> {
    const em = this.em();
    const userId = await this.member({ stage: 'browsing' });
    const item = em.create(ModerationItem, { userId, type: 'PROFILE_DESCRIPTION', payload: { bio: 'Люблю музыку и книги.' } });
    await em.flush();
    return item.id;
  }

  /** A pending report by a fresh member about another. */
  async pendingReport(): Promise<number> {
    const reporter = await this.member();
    const reported = await this.introducedTo(reporter);
    return createReport(this.em(), this.app.bus, reporter, {
      reportedUserId: reported,
      reason: 'SPAM',
      description: null,
      messageId: null,
    });
  }
}
