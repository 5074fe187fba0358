import type { OutgoingEnvelope, SocketPath } from '../../contracts/realtime';

export interface ClientSocket {
  readonly userId: number;
  readonly path: SocketPath;
  send(message: OutgoingEnvelope): void;
  close(code: number, reason: string): void;
}

export type PresenceListener = (userId: number, online: boolean) => void;

/** The user's last socket on this process closed (whatever they hold on other processes). */
export type LeaveListener = (userId: number) => void;

/** Tells the other processes when a user's first socket here opens or the last one closes. */
export type PresenceAnnouncer = (userId: number, online: boolean) => void;

/**
 * Knows which sockets belong to which user; the one place that delivers to a user. With other
 * processes (ClusterPresence) a user is online while any process holds a socket of theirs.
 */
export class Hub {
  // An array, not a Set: a user holds one or two sockets, and an empty Set's table alone is some 300 bytes (issue 42).
  private readonly byUser = new Map<number, ClientSocket[]>();
  private readonly presenceListeners = new Set<PresenceListener>();
  private readonly leaveListeners = new Set<LeaveListener>();
  // userId → ids of other processes holding a socket of theirs.
  private readonly remote = new Map<number, Set<string>>();
  private announcer: PresenceAnnouncer | null = null;

  add(socket: ClientSocket): void {
    let sockets = this.byUser.get(socket.userId);
    const wasOnline = this.isOnline(socket.userId);
    if (!sockets) {
      sockets = [];
      this.byUser.set(socket.userId, sockets);
    }
    if (sockets.includes(socket)) return;
    sockets.push(socket);
    if (sockets.length > 1) return;
    this.announcer?.(socket.userId, true);
    if (!wasOnline) this.emitPresence(socket.userId, true);
  }

  remove(socket: ClientSocket): void {
    const sockets = this.byUser.get(socket.userId);
    const at = sockets ? sockets.indexOf(socket) : -1;
    if (!sockets || at < 0) return;
    sockets.splice(at, 1);
    if (sockets.length === 0) {
      this.byUser.delete(socket.userId);
      for (const listener of this.leaveListeners) listener(socket.userId);
      this.announcer?.(socket.userId, false);
      if (!this.isOnline(socket.userId)) this.emitPresence(socket.userId, false);
    }
  }

  setAnnouncer(announcer: PresenceAnnouncer | null): void {
    this.announcer = announcer;
  }

  /** Users with a socket here (to re-announce after a reconnect to the cluster). */
  localUsers(): number[] {
    return [...this.byUser.keys()];
  }

  /** Another process gained or lost the user's sockets. */
  applyRemote(userId: number, processId: string, online: boolean): void {
    const wasOnline = this.isOnline(userId);
    const procs = this.remote.get(userId) ?? new Set<string>();
    if (online) procs.add(processId);
    else procs.delete(processId);
    if (procs.size) this.remote.set(userId, procs);
    else this.remote.delete(userId);
    if (wasOnline !== this.isOnline(userId)) this.emitPresence(userId, !wasOnline);
  }

  /** A process stopped or crashed: its sockets no longer count. */
  dropProcess(processId: string): void {
    for (const [userId, procs] of [...this.remote]) if (procs.has(processId)) this.applyRemote(userId, processId, false);
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
    return this.byUser.has(userId) || this.remote.has(userId);
  }

  socketCount(): number {
    let n = 0;
    for (const sockets of this.byUser.values()) n += sockets.length;
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

  /**
   * Presence changes reach every process; a leave only the one that lost the user's last socket here, so
   * what is recorded once per departure (the last-seen time) is written by one process, not by all.
   */
  onLeave(listener: LeaveListener): () => void {
    this.leaveListeners.add(listener);
    return () => this.leaveListeners.delete(listener);
  }

  private emitPresence(userId: number, online: boolean): void {
    for (const listener of this.presenceListeners) listener(userId, online);
  }
}
