import { describe, expect, it } from 'vitest';
import { SOCKET_PATHS, type SocketPath } from '../../../contracts/realtime';
import { Hub, type ClientSocket } from '../../../api/realtime/hub';

const socketOf = (userId: number, path: SocketPath): ClientSocket => ({ userId, path, send: () => undefined, close: () => undefined });

describe('Hub across processes', () => {
  it("tells a user's leave only to the process that lost their last socket, and their presence to every process", () => {
    // Two processes' hubs, wired the way ClusterPresence wires them through Redis.
    const here = new Hub();
    const there = new Hub();
    here.setAnnouncer((userId, online) => there.applyRemote(userId, 'here', online));
    const left = { here: [] as number[], there: [] as number[] };
    here.onLeave((userId) => left.here.push(userId));
    there.onLeave((userId) => left.there.push(userId));
    const seenThere: Array<[number, boolean]> = [];
    there.onPresence((userId, online) => seenThere.push([userId, online]));

    const screens = [socketOf(7, SOCKET_PATHS.messages), socketOf(7, SOCKET_PATHS.likes)];
    for (const socket of screens) here.add(socket);
    here.remove(screens[0]!);
    expect(left.here).toEqual([]);
    here.remove(screens[1]!);

    expect(left).toEqual({ here: [7], there: [] });
    expect(seenThere).toEqual([
      [7, true],
      [7, false],
    ]);
  });

  it('does not tell a leave for a socket it never held', () => {
    const hub = new Hub();
    const left: number[] = [];
    hub.onLeave((userId) => left.push(userId));
    hub.applyRemote(7, 'elsewhere', true);
    hub.dropProcess('elsewhere');
    hub.remove(socketOf(7, SOCKET_PATHS.messages));
    expect(left).toEqual([]);
  });
});
