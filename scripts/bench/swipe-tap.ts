// A swipe as the hand feels it: the tap on 'Лайк' to the next card painted (the pointer event's time to the frame
// after the next card's name is in the page), on the calibrated phone and Slow 4G, over SWIPES taps from the demo
// viewers' decks; beside a static page whose button changes a heading under the same conditions.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { percentile } from '../chat-load/stats';
import { phoneLaunchUrl, preparePage, type Conditions } from './lcp-launch';
import { launchUrlOf } from './lcp-seed';

const SWIPES = Number(process.env.BENCH_SWIPE_TAPS ?? 20);
const WAIT = { timeout: 30_000 } as const;
// A user looks at a card before tapping (seconds, in dating apps); the bench taps after this much, not the instant
// the card shows, when the next card asked for ahead is still on its way. User pacing, not a wait for an event.
const DWELL_MS = Number(process.env.BENCH_SWIPE_DWELL_MS ?? 1500);
const VIEWPORT = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, locale: 'ru-RU' };
const NAME = 'h3[class*="profile-card_name"]';

// In the page: the time from the next pointerdown to the frame after `selector`'s text changed away from `before`;
// null when the element went instead (the deck ran out) or nothing changed within the timeout.
const TIMED_TAP = `(([selector, before, timeoutMs]) => new Promise((resolve) => {
  let start = null;
  addEventListener('pointerdown', (e) => { start = e.timeStamp; }, { capture: true, once: true });
  const finish = (value) => { observer.disconnect(); clearTimeout(timer); resolve(value); };
  const check = () => {
    if (start === null) return;
    const element = document.querySelector(selector);
    if (!element) return finish(null);
    if (element.textContent !== before) requestAnimationFrame(() => setTimeout(() => finish(performance.now() - start)));
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  const timer = setTimeout(() => finish(null), timeoutMs);
}))`;

async function timedTap(page: Page, button: () => Promise<void>, selector: string): Promise<number | null> {
  const before = await page.locator(selector).first().textContent();
  // A string, not a function: tsx's transform would add helpers the page does not have.
  const timing = page.evaluate(`(${TIMED_TAP})(${JSON.stringify([selector, before, WAIT.timeout])})`);
  await button();
  return (await timing) as number | null;
}

/** Taps 'Лайк' on `viewer`'s deck until it is empty or `want` taps are timed; a match view is closed, not counted. */
async function viewerTaps(browser: Browser, baseUrl: string, viewer: number, conditions: Conditions, want: number): Promise<number[]> {
  const context = await browser.newContext(VIEWPORT);
  const page = await preparePage(context, conditions);
  const times: number[] = [];
  try {
    await page.goto(phoneLaunchUrl(baseUrl, (await launchUrlOf(baseUrl, viewer, '/')).url));
    const like = page.getByRole('button', { name: 'Лайк', exact: true });
    while (times.length < want) {
      const card = page.locator(NAME).first();
      const shown = await Promise.race([
        card.waitFor(WAIT).then(() => true),
        page
          .getByText('Анкет больше нет')
          .waitFor(WAIT)
          .then(() => false),
      ]).catch(() => false);
      if (!shown) break;
      await page.waitForTimeout(DWELL_MS);
      const ms = await timedTap(page, () => like.click(), NAME);
      const matched = page.getByTestId('match-view');
      if (await matched.isVisible()) {
        await matched.getByRole('button').last().click();
        continue;
      }
      if (ms !== null) times.push(ms);
    }
  } finally {
    await context.close();
  }
  return times;
}

/** SWIPES taps over the demo viewers in turn; the p75 in ms. */
export async function swipeTapP75(browser: Browser, baseUrl: string, viewers: readonly number[], conditions: Conditions): Promise<number> {
  const times: number[] = [];
  for (const viewer of viewers) {
    if (times.length >= SWIPES) break;
    times.push(...(await viewerTaps(browser, baseUrl, viewer, conditions, SWIPES - times.length)));
  }
  if (times.length < SWIPES) throw new Error(`swipe taps: only ${times.length} of ${SWIPES} cards in the demo viewers' decks`);
  console.log(`swipe: ${conditions.name}: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
  return percentile(times, 75);
}

/** The floor: a static page's button that changes its heading, tapped SWIPES times under the same conditions. */
export async function staticTapP75(browser: Browser, conditions: Conditions): Promise<number> {
  const html = `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"></head>
<body><h3 class="profile-card_name">0</h3><button>Лайк</button>
<script>let n = 0; document.querySelector('button').onclick = () => { document.querySelector('h3').textContent = String(++n); };</script></body></html>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext(VIEWPORT);
  try {
    const page = await preparePage(context, conditions);
    await page.goto(`http://localhost:${(server.address() as AddressInfo).port}/`);
    const times: number[] = [];
    for (let i = 0; i < SWIPES; i++) {
      const ms = await timedTap(page, () => page.getByRole('button').click(), NAME);
      if (ms !== null) times.push(ms);
    }
    return percentile(times, 75);
  } finally {
    await context.close();
    server.closeAllConnections();
    server.close();
  }
}
