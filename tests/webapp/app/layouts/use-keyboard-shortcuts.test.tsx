import { act, fireEvent, screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../support/fetch-stub';
import { loadFrameLive, loadWideLayout } from '../../../../webapp/app/layouts/app-frame';
import { renderAt } from '../../support/render';
import { signIn } from '../../support/session';

// The frame loads the wide layout's module when the window is wide, and its live parts (the shortcuts among them)
// beside the first screen; here both are in before the first render.
beforeAll(() => Promise.all([loadWideLayout(), loadFrameLive()]));

beforeEach(() => {
  stubFetch({});
  signIn();
});

const location = () => screen.getByTestId('location').textContent;
const press = (key: string, init: KeyboardEventInit = {}, target: Element = document.body) =>
  act(() => void fireEvent.keyDown(target, { key, ...init }));

describe('keyboard shortcuts', () => {
  it.each([
    ['1', '/theme'],
    ['2', '/likes'],
    ['3', '/explore'],
    ['4', '/likes-history'],
    ['5', '/profile'],
    ['6', '/notifications'],
    ['7', '/help'],
  ])('key %s goes to %s', (key, path) => {
    renderAt('/chat', { width: 1280 });
    press(key);
    expect(location()).toBe(path);
  });

  it('Escape goes to /theme, Ctrl+comma and Cmd+comma to the settings (/theme)', () => {
    renderAt('/explore', { width: 1280 });
    press('Escape');
    expect(location()).toBe('/theme');
    press('3');
    press(',', { ctrlKey: true });
    expect(location()).toBe('/theme');
    press('3');
    press(',', { metaKey: true });
    expect(location()).toBe('/theme');
  });

  it('Ctrl+K only logs a search trigger', () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    renderAt('/explore', { width: 1280 });
    press('k', { ctrlKey: true });
    expect(info).toHaveBeenCalledWith('search: shortcut triggered');
    expect(location()).toBe('/explore');
  });

  it('ignores the keys while typing in an input', () => {
    renderAt('/explore', { width: 1280 });
    const search = screen.getByRole('searchbox', { name: 'Поиск чатов' });
    press('2', {}, search);
    press('Escape', {}, search);
    press(',', { ctrlKey: true }, search);
    expect(location()).toBe('/explore');
  });

  it('ignores the keys in a textarea and in editable content', () => {
    renderAt('/explore', { width: 1280 });
    const area = document.body.appendChild(document.createElement('textarea'));
    const editable = document.body.appendChild(document.createElement('div'));
    editable.setAttribute('contenteditable', 'true');
    press('5', {}, area);
    press('5', {}, editable);
    expect(location()).toBe('/explore');
    area.remove();
    editable.remove();
  });
});
