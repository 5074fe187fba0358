import type { Page } from 'playwright-core';

const MIN_TARGET_PX = 44;

/**
 * Every visible control smaller than 44×44 px (`screen: target-size — description w×h`). A control's own box counts,
 * or the label that wraps it (a radio or checkbox tapped through its row), disabled or not. Links inside running text are exempt.
 */
export async function smallTargets(page: Page, screen: string): Promise<string[]> {
  const small = await page.evaluate((min) => {
    const controls = document.querySelectorAll<HTMLElement>(
      'button, a[href], [role="button"], [role="tab"], [role="switch"], [role="checkbox"], [role="radio"], input, select, textarea',
    );
    const describe = (el: HTMLElement) =>
      `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[aria-label="${el.getAttribute('aria-label')}"]` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}" .${String(el.className).split(' ')[0] ?? ''}`;
    const found: string[] = [];
    for (const el of Array.from(controls)) {
      // A disabled control counts too: it is the same target once it is enabled (the chat's send button).
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      if (el instanceof HTMLInputElement && el.type === 'hidden') continue;
      if (el.tagName === 'A' && el.closest('p')) continue;
      const box = (el.closest('label') ?? el).getBoundingClientRect();
      const style = getComputedStyle(el);
      const shown = el.getBoundingClientRect();
      if (shown.width === 0 || shown.height === 0 || style.visibility === 'hidden') continue;
      // An input drawn invisibly over its whole label (a photo slot) is as big as the label.
      if (box.width < min - 0.5 || box.height < min - 0.5) found.push(`${describe(el)} ${Math.round(box.width)}×${Math.round(box.height)}`);
    }
    return found;
  }, MIN_TARGET_PX);
  return small.map((line) => `${screen}: target-size — ${line}`);
}
