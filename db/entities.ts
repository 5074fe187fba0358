import { AuditLog } from './audit/audit-log.entity';
import { BotConversation } from './bot/bot-conversation.entity';
import { Introduction } from './introductions/introduction.entity';
import { JobOutboxEntry } from './events/job-outbox.entity';
import { Image } from './media/image.entity';
import { ScreeningEvent } from './media/screening/screening-event.entity';
import { ModerationItem } from './moderation/moderation-item.entity';
import { ModerationPost } from './moderation/moderation-post.entity';
import { FeedCursor, FeedReset } from './explore/feed-cursor.entity';
import { Place } from './places/place.entity';
import { PlaceNeighbours } from './places/place-neighbours.entity';
import { Photo } from './profiles/photo.entity';
import { Profile } from './profiles/profile.entity';
import { Block } from './privacy/block.entity';
import { Chat } from './chats/chat.entity';
import { ChatMember } from './chats/chat-member.entity';
import { Like } from './likes/like.entity';
import { Match } from './likes/match.entity';
import { SwipeUndo } from './likes/swipe-undo.entity';
import { NotificationDelivery } from './notifications/notification-delivery.entity';
import { NotificationMark } from './notifications/notification-mark.entity';
import { Message } from './chats/message.entity';
import { UserSettings } from './privacy/user-settings.entity';
import { StickerPack } from './stickers/sticker-pack.entity';
import { Sticker } from './stickers/sticker.entity';
import { UserStickerPack } from './stickers/user-sticker-pack.entity';
import { Report } from './reports/report.entity';
import { User } from './users/user.entity';

/** Every entity the ORM knows; features add theirs here. */
export const entities = [
  User,
  AuditLog,
  Place,
  PlaceNeighbours,
  Image,
  Profile,
  Photo,
  ModerationItem,
  Like,
  Match,
  Chat,
  ChatMember,
  Block,
  NotificationMark,
  NotificationDelivery,
  UserSettings,
  StickerPack,
  Sticker,
  UserStickerPack,
  Message,
  Report,
  ModerationPost,
  FeedCursor,
  FeedReset,
  BotConversation,
  SwipeUndo,
  ScreeningEvent,
  Introduction,
  JobOutboxEntry,
];
