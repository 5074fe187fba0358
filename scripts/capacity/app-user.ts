import WebSocket from 'ws';
import { socketProtocols } from '../../contracts/socket-auth';
import { signLaunchData } from '../../bot/dev/sign-launch';
import { LOAD_BOT_TOKEN } from '../chat-load/load-client';

export type Action = 'open' | 'next' | 'swipe' | 'send' | 'upload';

export interface Timing {
  action: Action;
  ms: number;
  at: number;
  ok: boolean;
  /** An HTTP action's status (the upload's: 503 and 429 are refusals). */
  status?: number;
}

interface Answer {
  t: string;
  data: Record<string, unknown>;
}

/** One socket with cid-matched requests; a push is only seen when awaited with push(). */
export class AppSocket {
  private readonly waiting = new Map<string, (answer: Answer) => void>();
  private readonly pushes: Array<{ t: string; done: (answer: Answer) => void }> = [];
  private cid = 0;
  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as { cid?: string; t: string; data: Record<string, unknown> };
      const done = m.cid ? this.waiting.get(m.cid) : undefined;
      if (!done) {
        const at = m.cid ? -1 : this.pushes.findIndex((p) => p.t === m.t);
        if (at >= 0) this.pushes.splice(at, 1)[0]!.done(m);
        return;
      }
      this.waiting.delete(m.cid!);
      done(m);
    });
    ws.on('close', () => {
      for (const done of this.waiting.values()) done({ t: 'error', data: { message: 'closed' } });
      this.waiting.clear();
    });
  }

  /** Resolves once open or, with `firstPush`, once that push (the open hook's) has come. */
  static open(url: string, initData: string, firstPush?: string): Promise<AppSocket> {
    const ws = new WebSocket(url, socketProtocols(initData));
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        const socket = new AppSocket(ws);
        if (firstPush) void socket.push(firstPush).then(() => resolve(socket));
        else resolve(socket);
      });
      ws.once('error', reject);
    });
  }

  /** The next push of type `t` (one sent without a cid) from now on. */
  push(t: string): Promise<Answer> {
    return new Promise((done) => this.pushes.push({ t, done }));
  }

  request(ch: string, t: string, data: unknown): Promise<Answer> {
    const cid = `c${++this.cid}`;
    return new Promise((resolve) => {
      this.waiting.set(cid, resolve);
      this.ws.send(JSON.stringify({ ch, t, cid, data }));
    });
  }

  close(): void {
    this.ws.terminate();
  }
}

export interface SessionPlan {
  swipes: number;
  messages: number;
  /** Pause between a user's actions, as a person reads a card or types (ms, drawn evenly from the range). */
  thinkMs: [number, number];
}

/**
 * One person's session in the mini app: opens it (validate, profile/me, the first card and the chat list at once, as
 * the app's start-up sends them, then both sockets), swipes `swipes` cards over ch:'explore' (next, then a like or a
 * dislike), opens their chat and sends `messages` messages over the socket, and uploads one profile photo
 * (downscaled by the app to 1080 px JPEG before upload). Every action's time goes to `record`.
 */
export async function runSession(
  base: string,
  user: { id: number; chatId: number },
  plan: SessionPlan,
  photo: Blob,
  record: (t: Timing) => void,
  alive: () => boolean,
): Promise<void> {
  const initData = signLaunchData({ id: user.id, first_name: 'Нагрузка' }, LOAD_BOT_TOKEN);
  const headers = { authorization: `tma ${initData}` };
  const think = () => new Promise((r) => setTimeout(r, plan.thinkMs[0] + Math.random() * (plan.thinkMs[1] - plan.thinkMs[0])));
  const timed = async <T>(action: Action, work: () => Promise<T>, ok: (v: T) => boolean, status?: (v: T) => number): Promise<T> => {
    const started = performance.now();
    try {
      const v = await work();
      record({ action, ms: performance.now() - started, at: performance.now(), ok: ok(v), ...(status ? { status: status(v) } : {}) });
      return v;
    } catch (err) {
      record({ action, ms: performance.now() - started, at: performance.now(), ok: false });
      throw err;
    }
  };
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } }).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    });
  const get = (path: string, init: RequestInit = {}) => call(path, init).then((status) => status >= 200 && status < 300);
  const wsBase = base.replace('http', 'ws');
  let likes: AppSocket | null = null;
  let messages: AppSocket | null = null;
  try {
    await timed(
      'open',
      async () => {
        const calls = await Promise.all([
          get('/api/telegram/validate', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }),
          get('/api/profile/me'),
          get('/api/explore/first'),
          get('/api/chat/me'),
        ]);
        [likes, messages] = await Promise.all([
          AppSocket.open(`${wsBase}/ws/likes`, initData),
          AppSocket.open(`${wsBase}/ws/messages`, initData),
        ]);
        return calls.every(Boolean);
      },
      (ok) => ok,
    );
    for (let i = 0; i < plan.swipes && alive(); i++) {
      await think();
      const card = await timed(
        'next',
        () => likes!.request('explore', 'next', {}),
        (a) => a.t === 'profile',
      );
      // The card itself, or null when the feed has nobody left.
      const target = (card.data as { userId?: string } | null)?.userId;
      if (!target) continue;
      await timed(
        'swipe',
        () => likes!.request('explore', Math.random() < 0.3 ? 'like' : 'dislike', { targetUserId: String(target) }),
        (a) => a.t === 'ack',
      );
    }
    await messages!.request('messages', 'subscribe', { chatId: String(user.chatId) });
    for (let i = 0; i < plan.messages && alive(); i++) {
      await think();
      const clientId = `u${user.id}-${Date.now()}-${i}`;
      await timed(
        'send',
        () => messages!.request('messages', 'send', { chatId: String(user.chatId), text: `сообщение ${i}`, clientId }),
        (a) => a.t === 'sent',
      );
    }
    if (!alive()) return;
    await think();
    await timed(
      'upload',
      () => {
        const form = new FormData();
        form.set('variant', 'profile');
        form.set('file', photo, 'photo.jpg');
        return call('/api/cdn/images/upload', { method: 'POST', body: form });
      },
      (status) => status >= 200 && status < 300,
      (status) => status,
    );
  } finally {
    (likes as AppSocket | null)?.close();
    (messages as AppSocket | null)?.close();
  }
}
