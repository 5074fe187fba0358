import type { EntityManager } from '@mikro-orm/postgresql';
import type { SessionUser } from '../../db/users/session-user';
import { SOCKET_PATHS, type Channel, type Envelope, type SocketPath } from '../../contracts/realtime';
import type { ClientSocket } from './hub';

/** Who sent a socket message: fixed at the upgrade; a ban closes the socket (user.banned), so no per-message read. */
interface SocketIdentity {
  readonly telegramId: number;
}

export interface ChannelContext {
  em: EntityManager;
  user: SocketIdentity;
  socket: ClientSocket;
  message: Envelope;
  /** Answers the client's message, repeating its cid. */
  reply(t: string, data: unknown): void;
}

export type ChannelHandler = (ctx: ChannelContext) => Promise<void> | void;

/** Which channels each socket carries (AMENDMENTS §3 Realtime envelope). */
const CHANNELS_BY_PATH: Record<SocketPath, readonly Channel[]> = {
  [SOCKET_PATHS.likes]: ['likes', 'explore', 'moderation'],
  [SOCKET_PATHS.messages]: ['chats', 'messages'],
};

export interface ChannelHooks {
  /** Called once a socket is authenticated and registered (e.g. to send hello or a presence snapshot). */
  onOpen?(socket: ClientSocket, user: SessionUser, em: EntityManager): Promise<void> | void;
  onClose?(socket: ClientSocket): void;
}

export class ChannelRegistry {
  private readonly handlers = new Map<Channel, ChannelHandler>();
  private readonly hooks = new Map<SocketPath, ChannelHooks[]>();

  handle(channel: Channel, handler: ChannelHandler): this {
    this.handlers.set(channel, handler);
    return this;
  }

  on(path: SocketPath, hooks: ChannelHooks): this {
    this.hooks.set(path, [...(this.hooks.get(path) ?? []), hooks]);
    return this;
  }

  handlerFor(path: SocketPath, channel: Channel): ChannelHandler | undefined {
    return CHANNELS_BY_PATH[path].includes(channel) ? this.handlers.get(channel) : undefined;
  }

  hooksFor(path: SocketPath): ChannelHooks[] {
    return this.hooks.get(path) ?? [];
  }
}
