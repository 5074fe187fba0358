import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../scripts/build-server.mjs';

const outDir = mkdtempSync(path.join(os.tmpdir(), 'server-build-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('npm start', () => {
  it('runs node on scripts/start.mjs, which builds the server bundle and runs it', () => {
    const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toBe('node scripts/start.mjs');
    expect(scripts['build:server']).toBe('node scripts/build-server.mjs');
  });

  it('builds a bundle that carries its assets and keeps no names, and rebuilds it only when an input changed', async () => {
    const first = await buildServer('bot/main.ts', { outDir });
    expect(first).toEqual({ out: path.join(outDir, 'main.mjs'), built: true });
    const bundle = readFileSync(first.out, 'utf8');
    // The launcher page is in the bundle (esbuild's text loader), not read beside a source file at run time.
    expect(readFileSync('bot/dev/launcher.html', 'utf8')).toContain('grid-template-columns: 260px minmax(360px, 1fr) 340px;');
    expect(bundle).toContain('grid-template-columns: 260px minmax(360px, 1fr) 340px;');
    // No names kept (keepNames' __name) and no source paths written in place of import.meta.url.
    expect(bundle).not.toMatch(/__name\(|file:\/\//);
    // The encoder process's script, found beside the running module, is copied beside the bundle.
    expect(bundle).toContain('new URL("./encoder-process.mjs", import.meta.url)');
    expect(existsSync(path.join(outDir, 'encoder-process.mjs'))).toBe(true);
    const inputs = JSON.parse(readFileSync(`${first.out}.inputs.json`, 'utf8')) as string[];
    expect(inputs).toEqual(
      expect.arrayContaining([path.resolve('bot/dev/launcher.html'), path.resolve('platform/media/encoder-process.mjs')]),
    );
    // The launcher's script is built from its TypeScript into the bundle: each of its files is an input.
    expect(inputs).toEqual(
      expect.arrayContaining(
        ['launcher-client.ts', 'telegram-bridge.ts', 'bot-chat.ts'].map((file) => path.resolve('bot/dev/launcher', file)),
      ),
    );
    expect(inputs.filter((file) => file.includes('browser-script:'))).toEqual([]);

    const builtAt = statSync(first.out).mtimeMs;
    expect(await buildServer('bot/main.ts', { outDir })).toEqual({ out: first.out, built: false });
    expect(statSync(first.out).mtimeMs).toBe(builtAt);

    // An input newer than the bundle makes it stale (the bundle made older than the launcher page here: the sources are left alone).
    const before = new Date(statSync('bot/dev/launcher.html').mtimeMs - 1_000);
    utimesSync(first.out, before, before);
    expect((await buildServer('bot/main.ts', { outDir })).built).toBe(true);
  }, 60_000);

  it("copies beside the bundle every module its sidecars import from beside themselves (the screening process's face check)", async () => {
    const { out } = await buildServer('bot/main.ts', { outDir });
    const sidecars = ['encoder-process.mjs', 'screening-process.mjs'];
    for (const sidecar of sidecars) {
      const source = readFileSync(path.join(path.dirname(out), sidecar), 'utf8');
      for (const [, local] of source.matchAll(/from '\.\/([^']+)'/g))
        expect(existsSync(path.join(outDir, local!)), `${sidecar} imports ./${local}`).toBe(true);
    }
    expect(existsSync(path.join(outDir, 'face-check.mjs'))).toBe(true);
  }, 60_000);
});
