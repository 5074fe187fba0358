import type { Page } from 'playwright-core';

/**
 * Every visible icon control (a button or link with no words of its own) whose name is not Russian
 * (`screen: icon-label — description`): a screen reader reads its aria-label, aria-labelledby or title instead.
 */
export async function foreignIconLabels(page: Page, screen: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const cyrillic = /[\u0400-\u04FF]/;
    const words = /[\p{L}\p{N}]/u;
    const controls = document.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="tab"], [role="menuitem"]');
    const nameOf = (el: HTMLElement) => {
      const label = el.getAttribute('aria-label');
      if (label) return label;
      const ids = el.getAttribute('aria-labelledby');
      if (ids)
        return ids
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ');
      return el.title;
    };
    const bad: string[] = [];
    for (const el of Array.from(controls)) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (words.test(el.innerText ?? '')) continue;
      const name = nameOf(el);
      if (!cyrillic.test(name)) bad.push(`${el.tagName.toLowerCase()}.${String(el.className).split(' ')[0] ?? ''} named "${name}"`);
    }
    return bad;
  });
  return found.map((line) => `${screen}: icon-label — ${line}`);
}
