import { describe, expect, it } from 'vitest';
import { KeyedQueue } from '../../db/chats/per-chat-queue';

const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('KeyedQueue', () => {
  it('runs one key in arrival order, other keys alongside, and goes on after a failure', async () => {
    const queue = new KeyedQueue<number>();
    const done: string[] = [];
    const track = (label: string, ms: number) => () => later(ms, label).then((v) => void done.push(v));
    const runs = [
      queue.run(1, track('1a', 30)),
      queue.run(1, () => Promise.reject(new Error('boom'))),
      queue.run(1, track('1c', 1)),
      queue.run(2, track('2a', 5)),
    ];
    const settled = await Promise.allSettled(runs);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(done).toEqual(['2a', '1a', '1c']);
  });
});
