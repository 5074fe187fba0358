import { describe, expect, it } from 'vitest';
import { InOrderDelivery } from '../../../api/chat/in-order-delivery';
import { pause } from '../../support/chats';

describe('in-order delivery of a chat’s messages', () => {
  it('holds a message that overtook its predecessor until the predecessor arrives', () => {
    const delivery = new InOrderDelivery(1000);
    const out: number[] = [];
    for (const seq of [1, 3, 4, 2, 5]) delivery.push(7, seq, () => out.push(seq));
    expect(out).toEqual([1, 2, 3, 4, 5]);
    delivery.stop();
  });

  it('keeps chats apart and lets a missing seq hold the others only for the hold time', async () => {
    const delivery = new InOrderDelivery(50);
    const out: string[] = [];
    delivery.push(1, 10, () => out.push('a10'));
    delivery.push(1, 12, () => out.push('a12'));
    delivery.push(2, 5, () => out.push('b5'));
    expect(out).toEqual(['a10', 'b5']);
    await pause(120);
    expect(out).toEqual(['a10', 'b5', 'a12']);
    // The late one still goes out (the client sorts by seq); nothing waits for it afterwards.
    delivery.push(1, 11, () => out.push('a11'));
    delivery.push(1, 13, () => out.push('a13'));
    expect(out).toEqual(['a10', 'b5', 'a12', 'a11', 'a13']);
    delivery.stop();
  });
});
