// What a returning user has before opening the app from a notification: a match and a message from it.
import { matchOver } from '../../tests/support/feed-walk';
import { openSocket } from '../../tests/support/ws-client';

export async function launchUrlOf(baseUrl: string, userId: number, route = '/'): Promise<{ url: string; initData: string }> {
  const res = await fetch(`${baseUrl}/dev/api/launch/${userId}?route=${encodeURIComponent(route)}`);
  return (await res.json()) as { url: string; initData: string };
}

async function socketAs(baseUrl: string, userId: number, path: string) {
  const { initData } = await launchUrlOf(baseUrl, userId);
  return openSocket(`${baseUrl.replace('http', 'ws')}${path}`, initData);
}

/** a and b like each other, then b writes to a; returns the chat id. a's feed is left as it was, but for b. */
export async function seedChat(baseUrl: string, a: number, b: number, text: string): Promise<string> {
  const [sa, sb] = [await socketAs(baseUrl, a, '/ws/likes'), await socketAs(baseUrl, b, '/ws/likes')];
  // As the app: b finds a in b's feed (AMENDMENTS §5.1) and likes them, a likes back. Not the other way round: finding b,
  // a would dislike every card served before b's, and the launches measure a's first card (when b came last in a's
  // feed, a's feed was left empty: 'Анкет больше нет').
  const chatId = await matchOver(sb, sa, b, a);
  await Promise.all([sa.close(), sb.close()]);
  const messages = await socketAs(baseUrl, b, '/ws/messages');
  messages.send({ ch: 'messages', t: 'send', cid: 'seed', data: { chatId, text, clientId: 'seed' } });
  await messages.next((m) => m.cid === 'seed' && m.t === 'sent', 5000);
  await messages.close();
  return chatId;
}
