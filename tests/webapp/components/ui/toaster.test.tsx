import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast, useToasts } from '../../../../webapp/components/ui/toast-store';
import { Toaster } from '../../../../webapp/components/ui/toaster';

beforeEach(() => {
  vi.useFakeTimers();
  useToasts.setState({ toasts: [] });
});

describe('toasts', () => {
  it('show a text and leave after their duration (3 s by default)', () => {
    render(<Toaster />);
    act(() => void showToast('Архив в разработке'));
    expect(screen.getByRole('status').textContent).toBe('Архив в разработке');
    act(() => void vi.advanceTimersByTime(2999));
    expect(screen.queryByText('Архив в разработке')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1));
    expect(screen.queryByText('Архив в разработке')).toBeNull();
  });

  it('carry a description and an action button that runs once and closes the toast', () => {
    const go = vi.fn();
    render(<Toaster />);
    act(
      () =>
        void showToast({
          text: '🎉 Ваш лайк взаимный!',
          description: 'Нажмите чтобы перейти в чат',
          durationMs: 5000,
          action: { label: 'Перейти', onPress: go },
        }),
    );
    expect(screen.getByText('Нажмите чтобы перейти в чат')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Перейти' }).click());
    expect(go).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('🎉 Ваш лайк взаимный!')).toBeNull();
  });

  it('announce errors as alerts, close on tap and keep at most three', () => {
    render(<Toaster />);
    act(() => {
      for (const text of ['a', 'b', 'c', 'd']) showToast(text);
      showToast({ text: 'Ошибка сохранения', tone: 'error' });
    });
    expect(useToasts.getState().toasts.map((t) => t.text)).toEqual(['c', 'd', 'Ошибка сохранения']);
    act(() => screen.getByRole('alert').click());
    expect(screen.queryByText('Ошибка сохранения')).toBeNull();
  });
});
