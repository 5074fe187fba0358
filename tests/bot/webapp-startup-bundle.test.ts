import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWebappForProduction } from '../../bot/webapp-build';
import { measureBundle } from '../../scripts/bundle-size';

const outDir = mkdtempSync(path.join(os.tmpdir(), 'webapp-startup-bundle-'));
/** Every chunk of the build with the modules in it, as Rolldown made them. */
const modulesOf = new Map<string, string[]>();

const recordChunks: Plugin = {
  name: 'record-chunks',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) if (chunk.type === 'chunk') modulesOf.set(chunk.fileName, chunk.moduleIds);
  },
};

// A production build made for this file (as scripts/bench/bundle-bench.ts does): vitest's NODE_ENV=test would ship
// React's development build, and dist/webapp may be older than the sources.
beforeAll(async () => buildWebappForProduction(await import('vite'), outDir, { logLevel: 'error', plugins: [recordChunks] }), 180_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

const ZOD_CLASSIC = /node_modules[\\/]zod[\\/]v4[\\/]classic[\\/]/;
const ZOD_MINI = /node_modules[\\/]zod[\\/]v4[\\/]mini[\\/]/;
const short = (id: string) => id.replace(/^.*node_modules[\\/]/, '').replace(process.cwd() + path.sep, '');

// Issue 39: what the page runs before its first screen is the entry with its static imports and the chunks start-up
// waits for (scripts/bundle-size.ts counts exactly these). zod classic (~12 kB gzip) is for the screens, not for it.
describe("the mini app's start-up JavaScript", () => {
  it('checks its answers with zod/mini and holds no module of zod classic', () => {
    const { initial, lazy } = measureBundle(outDir);
    const startupModules = initial.flatMap(({ file }) => modulesOf.get(file.split(path.sep).join('/')) ?? []);
    const lazyModules = lazy.flatMap(({ file }) => modulesOf.get(file.split(path.sep).join('/')) ?? []);
    // The chunks were seen and start-up's schemas are among them: a check on an empty list would pass anything.
    expect(startupModules.map(short)).toEqual(
      expect.arrayContaining(['contracts/user.ts', 'contracts/onboarding-status.ts', 'webapp/lib/zod-mini-jitless.ts']),
    );
    expect(startupModules.some((id) => ZOD_MINI.test(id))).toBe(true);
    expect(startupModules.filter((id) => ZOD_CLASSIC.test(id)).map(short)).toEqual([]);
    // zod classic is in the build, for the screens that load later.
    expect(lazyModules.some((id) => ZOD_CLASSIC.test(id))).toBe(true);
  });
});
