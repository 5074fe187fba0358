import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** The browser the journeys drive, or why there is none. */
export type ChromiumChoice = { path: string; source: string } | { path: null; reason: string };

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const INSTALL_HINT = 'run `npm install` on Linux x64 (it brings @sparticuz/chromium), `apt-get install chromium`, or set CHROMIUM_PATH';

/** Whether the binary starts at all (its shared libraries load): a broken candidate is passed over, not 16 failures. */
function runs(file: string): boolean {
  try {
    execFileSync(file, ['--version'], { stdio: 'ignore', timeout: 10_000 });
    return true;
  } catch {
    return false;
  }
}

/** The headless Chromium that @sparticuz/chromium ships inside its npm package, unpacked once into the temp folder. */
async function packagedChromium(): Promise<string | null> {
  if (process.platform !== 'linux' || process.arch !== 'x64') return null;
  try {
    const { default: chromium } = await import('@sparticuz/chromium');
    return await chromium.executablePath();
  } catch {
    return null;
  }
}

/**
 * CHROMIUM_PATH when set (it always wins, so a wrong one fails loudly), else the Chromium that comes with
 * `npm install`, else the system's; `path: null` with the reason and the fix when none starts.
 */
export async function findChromium(env: NodeJS.ProcessEnv = process.env): Promise<ChromiumChoice> {
  if (env.CHROMIUM_PATH) return { path: env.CHROMIUM_PATH, source: 'CHROMIUM_PATH' };
  const packaged = await packagedChromium();
  if (packaged && runs(packaged)) return { path: packaged, source: '@sparticuz/chromium' };
  const system = SYSTEM_CHROMIUMS.find((file) => existsSync(file) && runs(file));
  if (system) return { path: system, source: 'system' };
  return { path: null, reason: `no Chromium found; ${INSTALL_HINT}` };
}
