import type { OutgoingEnvelope } from '../../contracts/realtime';
import { AppError } from '../../contracts/errors';
import type { ClientSocket } from '../realtime/hub';

const MAX_PER_SOCKET = 100;

/** Which /ws/messages sockets have a chat open (ch:'messages' subscribe), so its live messages reach them. */
export class ChatSubscriptions {
  private readonly byChat = new Map<number, Set<ClientSocket>>();
  private readonly bySocket = new Map<ClientSocket, Set<number>>();

  add(socket: ClientSocket, chatId: number): void {
    const chats = this.bySocket.get(socket) ?? new Set<number>();
    if (!chats.has(chatId) && chats.size >= MAX_PER_SOCKET) throw new AppError('BAD_REQUEST', 'Слишком много открытых чатов');
    chats.add(chatId);
    this.bySocket.set(socket, chats);
    const sockets = this.byChat.get(chatId) ?? new Set<ClientSocket>();
    sockets.add(socket);
    this.byChat.set(chatId, sockets);
  }

  remove(socket: ClientSocket, chatId: number): void {
    this.bySocket.get(socket)?.delete(chatId);
    const sockets = this.byChat.get(chatId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byChat.delete(chatId);
  }

  /** Forgets a closed socket. */
  drop(socket: ClientSocket): void {
    for (const chatId of this.bySocket.get(socket) ?? []) this.remove(socket, chatId);
    this.bySocket.delete(socket);
  }

  /** Sends to every socket watching the chat (optionally only one user's, or those a filter keeps), built per socket's user. */
  send(chatId: number, build: (socket: ClientSocket) => OutgoingEnvelope, only?: number | ((userId: number) => boolean)): void {
    const keep = only === undefined ? () => true : typeof only === 'number' ? (id: number) => id === only : only;
    for (const socket of this.byChat.get(chatId) ?? []) {
      if (keep(socket.userId)) socket.send(build(socket));
    }
  }
}
