import { createServer } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { ephemeralRange, FREE_PORT_SPAN, freePort } from '../../../platform/postgres/embedded-postgres';

describe('freePort', () => {
  it('gives a port below the kernel’s ephemeral range, which nothing else is handed by the kernel, and it is listenable', async () => {
    const [low] = ephemeralRange();
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(1024);
      expect(port).toBeLessThan(low);
    }
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(ports[0], resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('skips a port someone listens on', async () => {
    const [low] = ephemeralRange();
    const taken = await freePort();
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(taken, resolve));
    // The first draw lands on the taken port.
    const from = low - FREE_PORT_SPAN;
    const random = vi.spyOn(Math, 'random').mockReturnValueOnce((taken - from + 0.5) / (low - from));
    try {
      const port = await freePort();
      expect(random).toHaveBeenCalledTimes(2);
      expect(port).not.toBe(taken);
    } finally {
      random.mockRestore();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
