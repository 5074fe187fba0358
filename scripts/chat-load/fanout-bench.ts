import { WebSocketServer } from 'ws';
import { ChannelRegistry } from '../../api/realtime/channels';
import { Hub } from '../../api/realtime/hub';
import { startApi } from '../../api/server';
import { EventBus } from '../../db/events/event-bus';
import type { MessageRecord } from '../../db/chats/message-record';
import { createLogger } from '../../db/logger';
import { createLocalDiskStorage } from '../../db/media/local-disk.storage';
import { openOrm } from '../../db/orm';
import { closedLoop, openBenchSocket } from './bench-socket';
import { LOAD_BOT_TOKEN } from './load-client';
import type { LoadPair } from './seed-pairs';

const WINDOW = 20;
const sendEnvelope = (chatId: number, i: number) => JSON.stringify({ ch: 'messages', t: 'send', cid: `c${i}`, data: { chatId: String(chatId), text: `сообщение номер ${i}`, clientId: `bench-${i}` } });

/** Baseline: a bare ws server that echoes every message; round trips per second over the pairs' sender count. */
export async function echoRate(senders: number, durationMs: number): Promise<number> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  wss.on('connection', (ws) => ws.on('message', (raw) => ws.send(raw.toString())));
  await new Promise((resolve) => wss.once('listening', resolve));
  const port = (wss.address() as { port: number }).port;
  const answers = new Array<number>(senders).fill(0);
  const sockets = await Promise.all(Array.from({ length: senders }, (_, s) => openBenchSocket(`ws://127.0.0.1:${port}/`, null, () => answers[s]!++)));
  const before = answers.reduce((a, b) => a + b, 0);
  const started = performance.now();
  await closedLoop(senders, WINDOW, durationMs, (s) => sockets[s]!.send(sendEnvelope(s, answers[s]!)), (s) => answers[s]!);
  const rate = (answers.reduce((a, b) => a + b, 0) - before) / ((performance.now() - started) / 1000);
  sockets.forEach((ws) => ws.terminate());
  await new Promise((resolve) => wss.close(resolve));
  return rate;
}

/**
 * Our stack without the database write: the real /ws/messages server (auth, envelope, channel routing) with
 * a 'send' that publishes message.created from memory; the real pushes fan it out through the hub to the peer.
 */
export async function fanoutRate(databaseUrl: string, pairs: LoadPair[], durationMs: number): Promise<number> {
  const logger = createLogger('error');
  const orm = await openOrm({ clientUrl: databaseUrl, poolMax: 20 });
  const hub = new Hub();
  const bus = new EventBus(logger);
  const channels = new ChannelRegistry();
  const config = { botToken: LOAD_BOT_TOKEN, initDataMaxAgeS: 86_400, adminIds: [], releaseAt: null, webappDir: null, productName: 'Орбита', supportHandle: '@o_support', demo: false };
  const api = await startApi({ orm, hub, bus, channels, logger, config, storage: createLocalDiskStorage('/tmp/bench-chat-storage'), port: 0, host: '127.0.0.1' });
  const bySender = new Map(pairs.map((p) => [p.a, p]));
  let nextId = 1;
  const seqs = new Map<number, number>();
  channels.handle('messages', ({ user, message, reply }) => {
    const pair = bySender.get(user.telegramId)!;
    const data = message.data as { text: string; clientId: string };
    const seq = (seqs.get(pair.chatId) ?? 0) + 1;
    seqs.set(pair.chatId, seq);
    const record: MessageRecord = { id: nextId++, chatId: pair.chatId, seq, senderId: pair.a, clientId: data.clientId, type: 'TEXT', text: data.text, photoImageId: null, stickerId: null, stickerImageId: null, replyToId: null, isPinned: false, isEdit: false, createdAt: new Date() };
    bus.publish({ name: 'message.created', payload: { message: record, memberIds: [pair.a, pair.b] } });
    reply('sent', { seq });
  });
  const wsUrl = `${api.url.replace('http', 'ws')}/ws/messages`;
  const acks = new Array<number>(pairs.length).fill(0);
  let delivered = 0;
  const senders = await Promise.all(pairs.map((p, i) => openBenchSocket(wsUrl, p.a, (m) => m.t === 'sent' && acks[i]!++)));
  const peers = await Promise.all(pairs.map((p) => openBenchSocket(wsUrl, p.b, (m) => m.t === 'newMessage' && (m.data.message as { senderId: string }).senderId !== String(p.b) && delivered++)));
  const started = performance.now();
  await closedLoop(pairs.length, WINDOW, durationMs, (s) => senders[s]!.send(sendEnvelope(pairs[s]!.chatId, acks[s]!)), (s) => acks[s]!);
  const rate = delivered / ((performance.now() - started) / 1000);
  [...senders, ...peers].forEach((ws) => ws.terminate());
  await api.close();
  await orm.close(true);
  return rate;
}
