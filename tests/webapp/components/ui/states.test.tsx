import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Avatar } from '../../../../webapp/components/ui/avatar';
import { ErrorState } from '../../../../webapp/components/ui/error-state';

describe('error state', () => {
  it("shows the server's words under the message only when they add something, and retries", () => {
    const retry = vi.fn();
    const { rerender } = render(<ErrorState message="Ошибка запроса" detail="Сервер недоступен" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toBe('Ошибка запросаСервер недоступенПовторить');
    rerender(<ErrorState message="Ошибка запроса" detail="Ошибка запроса" onRetry={retry} />);
    expect(screen.getByRole('alert').textContent).toBe('Ошибка запросаПовторить');
    fireEvent.click(screen.getByRole('button', { name: 'Повторить' }));
    expect(retry).toHaveBeenCalledOnce();
  });
});

describe('avatar', () => {
  it('shows the letter when there is no photo or the photo fails to load', () => {
    const { container, rerender } = render(<Avatar src="/cdn/images/a/profile" letter="В" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/cdn/images/a/profile');
    fireEvent.error(img);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('В');
    rerender(<Avatar src="/cdn/images/b/profile" letter="В" />);
    expect(container.querySelector('img')?.getAttribute('src')).toBe('/cdn/images/b/profile');
    rerender(<Avatar src={null} letter="П" />);
    expect(container.textContent).toBe('П');
  });
});
