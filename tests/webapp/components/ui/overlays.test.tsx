import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { BottomSheet } from '../../../../webapp/components/ui/bottom-sheet';
import { ConfirmHost } from '../../../../webapp/components/ui/confirm-host';
import { confirmAction } from '../../../../webapp/components/ui/confirm-store';

function SheetDemo({ onSave }: { onSave: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <BottomSheet
      open={open}
      onClose={() => setOpen(false)}
      title="Город"
      footer={
        <>
          <button onClick={() => setOpen(false)}>Отмена</button>
          <button onClick={onSave}>Сохранить</button>
        </>
      }
    >
      <input aria-label="Город" />
    </BottomSheet>
  );
}

describe('bottom sheet', () => {
  it('shows its title, body and buttons and closes on Escape', () => {
    vi.useFakeTimers();
    const save = vi.fn();
    render(<SheetDemo onSave={save} />);
    expect(screen.getByRole('dialog', { name: 'Город' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Сохранить' }).click());
    expect(save).toHaveBeenCalled();
    act(() => void fireEvent.keyDown(window, { key: 'Escape' }));
    act(() => void vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when the backdrop is tapped', () => {
    vi.useFakeTimers();
    render(<SheetDemo onSave={() => undefined} />);
    act(() => screen.getByTestId('sheet-backdrop').click());
    act(() => void vi.advanceTimersByTime(300));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('confirm dialog', () => {
  it('resolves true on confirm and false on cancel', async () => {
    render(<ConfirmHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(
      () =>
        void (answer = confirmAction({
          title: 'Удалить аккаунт?',
          message: 'Это действие нельзя отменить',
          confirmText: 'Удалить',
          destructive: true,
        })),
    );
    // The dialog's module loads with the first question (issue 39).
    expect(await screen.findByRole('alertdialog', { name: 'Удалить аккаунт?' })).toBeTruthy();
    expect(screen.getByText('Это действие нельзя отменить')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Удалить' }).click());
    await expect(answer).resolves.toBe(true);

    act(() => void (answer = confirmAction({ title: 'Точно?' })));
    act(() => screen.getByRole('button', { name: 'Отмена' }).click());
    await expect(answer).resolves.toBe(false);
  });

  it('answers the earlier question false when a new one is asked, and Escape cancels', async () => {
    render(<ConfirmHost />);
    let first: Promise<boolean> = Promise.resolve(true);
    let second: Promise<boolean> = Promise.resolve(true);
    act(() => void (first = confirmAction({ title: 'Первый' })));
    act(() => void (second = confirmAction({ title: 'Второй' })));
    await expect(first).resolves.toBe(false);
    expect(await screen.findByRole('alertdialog', { name: 'Второй' })).toBeTruthy();
    act(() => void fireEvent.keyDown(window, { key: 'Escape' }));
    await expect(second).resolves.toBe(false);
  });
});
