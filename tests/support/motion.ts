import type { Page } from 'playwright-core';

export interface Motion {
  testId: string;
  /** Whether any of its animations' keyframes moves, turns or scales it. */
  moves: boolean;
}

/** From now on, records each element with one of these data-testid values as it enters the page, with its animations. */
export async function recordMotion(page: Page, testIds: string[]): Promise<void> {
  await page.evaluate((ids) => {
    const seen: Motion[] = [];
    Object.assign(window, { __motion: seen });
    const moving = (el: Element) =>
      el
        .getAnimations()
        .flatMap((a) => (a.effect instanceof KeyframeEffect ? a.effect.getKeyframes() : []))
        .some((frame) => ['transform', 'translate', 'rotate', 'scale'].some((p) => p in frame && String(frame[p]) !== 'none'));
    new MutationObserver((records) => {
      for (const node of records.flatMap((r) => Array.from(r.addedNodes)))
        if (node instanceof Element)
          for (const el of [node, ...Array.from(node.querySelectorAll('[data-testid]'))]) {
            const testId = el.getAttribute('data-testid') ?? '';
            if (ids.includes(testId)) seen.push({ testId, moves: moving(el) });
          }
    }).observe(document.body, { childList: true, subtree: true });
  }, testIds);
}

/** What recordMotion saw so far, once `count` elements were seen. */
export async function recordedMotion(page: Page, count: number): Promise<Motion[]> {
  await page.waitForFunction((n) => (window as unknown as { __motion: Motion[] }).__motion.length >= n, count);
  return page.evaluate(() => (window as unknown as { __motion: Motion[] }).__motion);
}
