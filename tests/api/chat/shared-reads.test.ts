import { describe, expect, it } from 'vitest';
import { SharedReads } from '../../../api/chat/shared-reads';

// Issue 42: the presence snapshot of an opening socket and the user's announcement to their peers read the user's
// chats at the same moment; reads that overlap share one, and nothing outlives the read.
describe('reads of one key that overlap in time', () => {
  it('share one read while it is under way, and read afresh once it has settled', async () => {
    const reads = new SharedReads<number, string>();
    let loads = 0;
    let finish!: (v: string) => void;
    const load = () => {
      loads++;
      return new Promise<string>((resolve) => (finish = resolve));
    };
    const first = reads.read(1, load);
    const second = reads.read(1, load);
    expect(loads).toBe(1);
    finish('a');
    expect(await Promise.all([first, second])).toEqual(['a', 'a']);
    const third = reads.read(1, load);
    expect(loads).toBe(2);
    finish('b');
    expect(await third).toBe('b');
  });

  it('keeps keys apart, and a failed read is not kept either', async () => {
    const reads = new SharedReads<number, string>();
    await expect(reads.read(1, () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reads.read(1, () => Promise.resolve('up'))).toBe('up');
    expect(await Promise.all([reads.read(1, () => Promise.resolve('x')), reads.read(2, () => Promise.resolve('y'))])).toEqual(['x', 'y']);
  });
});
