import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Sticker } from '../../../../contracts/chat';
import { StickerPanel } from '../../../../webapp/features/chat/components/sticker-panel';
import { setInitData } from '../../../../webapp/lib/init-data';
import { stubFetch } from '../../support/fetch-stub';

const sticker = (id: string, packName: string): Sticker => ({ id, name: `s${id}`, packName, imageUrl: `/cdn/stickers/${id}.webp` });
const OWN = { name: 'product:default', title: 'Основные', count: 2 };
const launchOf = (id: number) => new URLSearchParams({ user: JSON.stringify({ id, first_name: 'Тест' }), hash: 'f' }).toString();

function stubPacks(packs: Array<{ name: string; title: string; count: number }>) {
  const stickers = packs.flatMap((p, i) => [sticker(`${i}1`, p.name), sticker(`${i}2`, p.name)]);
  return stubFetch({ 'GET /api/stickers/all': { json: { ok: true, stickers, packs } } });
}

/** Opens the panel afresh (as the composer's button does) and waits for its packs. */
async function openPanel(picked: Sticker[] = []) {
  const view = render(<StickerPanel onPick={(s) => picked.push(s)} />);
  await screen.findByRole('tabpanel');
  return view;
}

const shownPack = () => screen.getByRole('tabpanel').getAttribute('aria-label');

describe('the sticker panel (issue 40 item 8)', () => {
  it("opens on the product's own pack, with stickers to send and no link form in the way", async () => {
    stubPacks([OWN]);
    const picked: Sticker[] = [];
    await openPanel(picked);
    expect(shownPack()).toBe('Основные');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Добавить стикер-пак' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 's01' }));
    expect(picked.map((s) => s.id)).toEqual(['01']);
  });

  it('opens on the pack last used on this device by this account, not by another account', async () => {
    stubPacks([{ name: 'cats', title: 'Коты', count: 2 }, OWN]);
    setInitData(launchOf(501));
    let view = await openPanel();
    expect(shownPack()).toBe('Коты');
    fireEvent.click(screen.getByRole('tab', { name: 'Основные' }));
    fireEvent.click(within(screen.getByRole('tabpanel')).getByRole('button', { name: 's12' }));
    view.unmount();

    view = await openPanel();
    expect(shownPack()).toBe('Основные');
    expect(screen.getByRole('tab', { name: 'Основные' }).getAttribute('aria-selected')).toBe('true');
    view.unmount();

    setInitData(launchOf(502));
    await openPanel();
    expect(shownPack()).toBe('Коты');
  });

  it('shows the link form at once only when there is no pack at all', async () => {
    stubFetch({ 'GET /api/stickers/all': { json: { ok: true, stickers: [], packs: [] } } });
    render(<StickerPanel onPick={() => undefined} />);
    expect(await screen.findByPlaceholderText('https://t.me/addstickers/NAME')).toBeTruthy();
    expect(screen.getByText('Стикеров пока нет: добавьте стикер-пак по ссылке')).toBeTruthy();
  });
});
