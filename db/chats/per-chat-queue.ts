/**
 * Runs work for one key at a time, in arrival order (other keys run alongside). Sends to one chat wait for each
 * other in PostgreSQL anyway (the chat row's seq); queuing them here as well makes this process announce them
 * in seq order too, instead of in whichever order the database's answers happen to be read.
 */
export class KeyedQueue<K> {
  private readonly tails = new Map<K, Promise<unknown>>();

  run<T>(key: K, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
