import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { requireWebappBuild, WebappBuildMissingError } from '../../bot/webapp-build';

const dist = mkdtempSync(path.join(os.tmpdir(), 'webapp-dist-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

// The whole sequence (npm ci --omit=dev, then npm start without the build) runs in .ci/production-install.
describe('a production start without the mini app build', () => {
  it('refuses with a message that names npm run build', () => {
    expect(() => requireWebappBuild(dist)).toThrow(WebappBuildMissingError);
    expect(() => requireWebappBuild(dist)).toThrow(/index\.html is missing\). Run `npm run build` before `npm start`/);
  });

  it('goes on once the build is there', () => {
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html>');
    expect(() => requireWebappBuild(dist)).not.toThrow();
  });
});
