import type { OutgoingEnvelope, SocketPath } from '../contracts/realtime';

export interface ClientSocket {
  readonly userId: number;
  readonly path: SocketPath;
  send(message: OutgoingEnvelope): void;
  close(code: number, reason: string): void;
}

export type PresenceListener = (userId: number, online: boolean) => void;

/** Knows which sockets belong to which user; the one place that delivers to a user. */
export class Hub {
  private readonly byUser = new Map<number, Set<ClientSocket>>();
  private readonly presenceListeners = new Set<PresenceListener>();

  add(socket: ClientSocket): void {
    let sockets = this.byUser.get(socket.userId);
    if (!sockets) {
      sockets = new Set();
      this.byUser.set(socket.userId, sockets);
    }
    sockets.add(socket);
    if (sockets.size === 1) this.emitPresence(socket.userId, true);
  }

  remove(socket: ClientSocket): void {
    const sockets = this.byUser.get(socket.userId);
    if (!sockets?.delete(socket)) return;
    if (sockets.size === 0) {
      this.byUser.delete(socket.userId);
      this.emitPresence(socket.userId, false);
    }
  }

  /** Sends to every socket of the user, or only to those on one path. */
  sendToUser(userId: number, message: OutgoingEnvelope, path?: SocketPath): number {
    let sent = 0;
    for (const socket of this.byUser.get(userId) ?? []) {
      if (path && socket.path !== path) continue;
      socket.send(message);
      sent++;
    }
    return sent;
  }

  isOnline(userId: number): boolean {
    return this.byUser.has(userId);
  }

  socketCount(): number {
    let n = 0;
    for (const sockets of this.byUser.values()) n += sockets.size;
    return n;
  }

  /** Closes every socket of the user (a ban takes effect at once). */
  disconnectUser(userId: number, code = 4003, reason = 'forbidden'): void {
    for (const socket of [...(this.byUser.get(userId) ?? [])]) socket.close(code, reason);
  }

  onPresence(listener: PresenceListener): () => void {
    this.presenceListeners.add(listener);
    return () => this.presenceListeners.delete(listener);
  }

  private emitPresence(userId: number, online: boolean): void {
    for (const listener of this.presenceListeners) listener(userId, online);
  }
}
