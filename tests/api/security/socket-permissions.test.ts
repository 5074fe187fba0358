import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_MESSAGE_TYPES, type SocketPath } from '../../../contracts/realtime';
import { ask } from '../../support/sockets';
import { connect, upgradeStatus } from '../../support/security/connect';
import { Fixtures } from '../../support/security/fixtures';
import { callerAs, IDENTITIES } from '../../support/security/identities';
import { createTestApp, type TestApp } from '../../support/test-app';
import { SOCKET_MESSAGES, SOCKETS } from './socket-matrix';

let app: TestApp;
let fixtures: Fixtures;
beforeAll(async () => {
  app = await createTestApp();
  fixtures = new Fixtures(app);
});
afterAll(() => app.close());

const declared = Object.entries(CLIENT_MESSAGE_TYPES).flatMap(([ch, types]) => types.map((t) => `${ch} ${t}`));

/** The message types the channel handlers branch on, read from their source. */
async function handledTypes(): Promise<string[]> {
  const root = path.resolve(import.meta.dirname, '../../../api');
  const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.channel.ts'));
  const sources = await Promise.all(files.map((f) => readFile(path.join(root, f), 'utf8')));
  return [...new Set(sources.flatMap((src) => [...src.matchAll(/(?:case |\.t === )'(\w+)'/g)].map((m) => m[1]!)))];
}

describe('the socket matrix', () => {
  it('has an entry for every message type a client may send, and no other', () => {
    expect(Object.keys(SOCKET_MESSAGES).sort()).toEqual(declared.sort());
  });

  it('declares every type the channel handlers answer', async () => {
    const types = new Set(Object.values(CLIENT_MESSAGE_TYPES).flat() as string[]);
    expect((await handledTypes()).filter((t) => !types.has(t))).toEqual([]);
  });
});

describe.each(Object.entries(SOCKETS))('upgrade of %s', (socketPath, expected) => {
  it('answers every identity as the matrix says', async () => {
    const seen: Record<string, number> = {};
    for (const identity of IDENTITIES) seen[identity] = await upgradeStatus(app, socketPath, (await callerAs(app, identity)).initData);
    expect(seen).toEqual(expected);
  });
});

describe.each(Object.entries(SOCKET_MESSAGES))('%s', (key, entry) => {
  it('is answered for every identity the socket lets in', async () => {
    const [ch, t] = key.split(' ') as [string, string];
    const admitted = IDENTITIES.filter((identity) => SOCKETS[entry.path as SocketPath][identity] === 101);
    for (const identity of admitted) {
      const caller = await callerAs(app, identity);
      const socket = await connect(app, entry.path, caller.initData);
      const reply = await ask(socket, ch, t, await entry.data(fixtures, caller.id));
      expect(reply.t, `${identity}: ${JSON.stringify(reply)}`).toBe(entry.reply);
      await socket.close();
    }
  });
});
