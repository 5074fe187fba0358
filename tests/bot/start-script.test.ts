import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../scripts/server-node-flags';

describe('npm start', () => {
  it('runs node with the server’s flags, as the benchmarks’ API process does', () => {
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start;
    const [runner, ...args] = start.split(/\s+/);
    expect(runner).toBe('node');
    expect(args.slice(0, SERVER_NODE_FLAGS.length)).toEqual(SERVER_NODE_FLAGS);
    expect(args.at(-1)).toBe('scripts/start.mjs');
  });
});
