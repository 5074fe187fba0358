import { act, screen, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stubFetch } from '../../support/fetch-stub';
import { loadWideLayout } from '../../../../webapp/app/layouts/app-frame';
import { renderAt, setWidth } from '../../support/render';
import { ADMIN, signIn } from '../../support/session';

// The frame loads the wide layout's module when the window is wide; here it is in before the first render.
beforeAll(() => loadWideLayout());

beforeEach(() => {
  stubFetch({});
  signIn();
});

const layout = () => document.querySelector('[data-layout]')?.getAttribute('data-layout');
const sidebar = () => screen.getByRole('navigation', { name: 'Меню' });

describe('layout by window width', () => {
  it.each([
    [1023, 'mobile', null],
    [1024, 'wide', 'true'],
    [1279, 'wide', 'true'],
    [1280, 'wide', 'false'],
  ])('at %i px the layout is %s (sidebar collapsed: %s)', (width, expected, collapsed) => {
    renderAt('/explore', { width });
    expect(layout()).toBe(expected);
    if (collapsed === null) expect(screen.queryByRole('navigation', { name: 'Меню' })).toBeNull();
    else expect(sidebar().getAttribute('data-collapsed')).toBe(collapsed);
  });

  it('switches layouts live when the window is resized across 1024 px', () => {
    renderAt('/explore', { width: 1023 });
    expect(screen.getByRole('navigation', { name: 'Основная навигация' })).toBeTruthy();
    setWidth(1024);
    expect(layout()).toBe('wide');
    expect(screen.queryByRole('navigation', { name: 'Основная навигация' })).toBeNull();
  });

  it('toggles the sidebar, and takes the default again when the width crosses 1280 px', () => {
    renderAt('/explore', { width: 1100 });
    act(() => screen.getByRole('button', { name: 'Свернуть или развернуть меню' }).click());
    expect(sidebar().getAttribute('data-collapsed')).toBe('false');
    setWidth(1300);
    expect(sidebar().getAttribute('data-collapsed')).toBe('false');
    act(() => screen.getByRole('button', { name: 'Свернуть или развернуть меню' }).click());
    expect(sidebar().getAttribute('data-collapsed')).toBe('true');
    setWidth(1200);
    expect(sidebar().getAttribute('data-collapsed')).toBe('true');
    setWidth(1280);
    expect(sidebar().getAttribute('data-collapsed')).toBe('false');
  });
});

describe('wide header and sidebar', () => {
  it('has the toggle, the product title, the chat search, the bell and settings', () => {
    renderAt('/explore', { width: 1280 });
    expect(screen.getByRole('button', { name: 'Свернуть или развернуть меню' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Орбита' })).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Поиск чатов' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Уведомления' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Настройки' })).toBeTruthy();
  });

  it('lists chat, likes, explore, profile, help and the working settings for a plain user', () => {
    renderAt('/explore', { width: 1280 });
    expect(
      within(sidebar())
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/chat', '/likes', '/explore', '/profile', '/help', '/theme']);
  });

  it('adds the admin entry before the settings for an admin', () => {
    signIn(ADMIN);
    renderAt('/explore', { width: 1280 });
    expect(
      within(sidebar())
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/chat', '/likes', '/explore', '/profile', '/help', '/admin', '/theme']);
  });

  it("opens the working theme settings from the sidebar's and the header's settings", async () => {
    renderAt('/explore', { width: 1280 });
    act(() => within(sidebar()).getByRole('link', { name: 'Настройки' }).click());
    expect(await screen.findByRole('heading', { level: 2, name: 'Оформление' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Орбита' }).click());
    act(() => screen.getByRole('button', { name: 'Настройки' }).click());
    expect(screen.getByTestId('location').textContent).toBe('/theme');
  });
});
