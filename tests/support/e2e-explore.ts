import type { Page } from 'playwright-core';

/** Dislikes every card until 'Анкет больше нет', returning whose cards came up (their user ids). */
export async function swipeToEnd(page: Page): Promise<string[]> {
  const seen: string[] = [];
  for (let i = 0; i < 60; i++) {
    // One look at the page decides: a card on screen, or the visible end of the feed (two separate checks could
    // straddle the screen's switch between them).
    const state = await page.waitForFunction(() => {
      const article = document.querySelector('article[data-user-id]');
      if (article) return article.getAttribute('data-user-id') ?? '';
      return document.body.innerText.includes('Анкет больше нет') ? 'END' : null;
    });
    const shown = (await state.jsonValue()) as string;
    if (shown === 'END') return seen;
    seen.push(shown);
    await page.getByRole('button', { name: 'Дизлайк' }).click();
    await page.waitForFunction((prev) => document.querySelector('article[data-user-id]')?.getAttribute('data-user-id') !== prev, shown);
  }
  throw new Error('the feed never ran out');
}
