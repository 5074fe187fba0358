/**
 * Reads of one key that overlap in time share one: a caller arriving while the key's read is under way gets that
 * read's result, and nothing is kept once it settles (no caching: a later caller always reads afresh). When a user's
 * socket opens, the presence snapshot it is sent and the announcement of the user to their peers both read the
 * user's chats at the same moment (issue 42: sockets re-reading what was just read).
 */
export class SharedReads<K, V> {
  private readonly underWay = new Map<K, Promise<V>>();

  read(key: K, load: () => Promise<V>): Promise<V> {
    const running = this.underWay.get(key);
    if (running) return running;
    const started = load().finally(() => {
      if (this.underWay.get(key) === started) this.underWay.delete(key);
    });
    this.underWay.set(key, started);
    return started;
  }
}
