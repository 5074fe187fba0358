// Someone exists for a viewer only once the product introduced them (AMENDMENTS §5.1): these reach a person as the app
// does, through the explore feed, over /ws/likes sockets of a running app.
import type { TestSocket } from './ws-client';

let sequence = 0;
const cidOf = (what: string) => `${what}-${++sequence}`;

async function request<T>(socket: TestSocket, t: string, data: unknown, timeoutMs: number): Promise<T> {
  const cid = cidOf(t);
  socket.send({ ch: 'explore', t, cid, data });
  return socket.next<T>((m) => m.cid === cid, timeoutMs);
}

/** Dislikes the cards the viewer's feed serves on `socket` until `target`'s comes up (served: introduced, not swiped). */
async function serveCardOf(socket: TestSocket, target: number, timeoutMs = 10_000): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { data: card } = await request<{ data: { userId: string } | null }>(socket, 'next', {}, timeoutMs);
    if (card === null) break;
    if (card.userId === String(target)) return;
    await request(socket, 'dislike', { targetUserId: card.userId }, timeoutMs);
  }
  throw new Error(`the feed never served ${target}`);
}

/** `a` finds `b` in the feed and likes them, then `b` likes back (the like introduced `a`); the new chat's id. */
export async function matchOver(sa: TestSocket, sb: TestSocket, a: number, b: number, timeoutMs = 10_000): Promise<string> {
  await serveCardOf(sa, b, timeoutMs);
  await request(sa, 'like', { targetUserId: String(b) }, timeoutMs);
  const cid = cidOf('like');
  sb.send({ ch: 'explore', t: 'like', cid, data: { targetUserId: String(a) } });
  return (await sb.next<{ data: { chatId: string } }>((m) => m.cid === cid && m.t === 'match', timeoutMs)).data.chatId;
}
