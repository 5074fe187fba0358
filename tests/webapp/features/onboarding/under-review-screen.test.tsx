import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToasts } from '../../../../webapp/components/ui/toast-store';
import { UnderReviewScreen } from '../../../../webapp/features/onboarding/components/under-review-screen';

afterEach(() => {
  delete window.__APP_CONFIG__;
});

describe('UNDER_REVIEW_BASE', () => {
  it("invites to the product's channel with neutral words, by the configured channel handle", async () => {
    window.__APP_CONFIG__ = { productName: 'Орбита', supportHandle: '@orbita_support', channelHandle: 'orbita_news' };
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<UnderReviewScreen />);
    expect(screen.getByRole('heading', { name: 'Анкета на модерации' })).toBeTruthy();
    const text = document.body.textContent ?? '';
    expect(text).toContain('@orbita_news');
    expect(text).not.toMatch(/ЛГБТ|LGBT|гей|лесби|квир/i);
    await userEvent.click(screen.getByRole('button', { name: 'Подписаться на канал' }));
    expect(open).toHaveBeenCalledWith('https://t.me/orbita_news', '_blank', 'noopener');
  });

  it('offers no channel button when no channel is configured, never the support account instead', () => {
    for (const config of [
      { productName: 'Орбита', supportHandle: '@orbita_team' },
      { productName: 'Орбита', supportHandle: '@orbita_team', channelHandle: null },
    ]) {
      window.__APP_CONFIG__ = config;
      const { unmount } = render(<UnderReviewScreen onRefresh={() => Promise.resolve()} />);
      expect(screen.getByRole('heading', { name: 'Анкета на модерации' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Подписаться на канал' })).toBeNull();
      expect(document.body.textContent).not.toContain('@orbita_team');
      expect(screen.getByRole('button', { name: 'Проверить статус' })).toBeTruthy();
      unmount();
    }
  });

  it('checks the status again on request and says when the review is still going on', async () => {
    useToasts.setState({ toasts: [] });
    const refresh = vi.fn(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
    render(<UnderReviewScreen onRefresh={refresh} />);
    await userEvent.click(screen.getByRole('button', { name: 'Проверить статус' }));
    expect(refresh).toHaveBeenCalledOnce();
    await waitFor(() => expect(useToasts.getState().toasts.at(-1)?.text).toBe('Анкета ещё на проверке'));
    expect(screen.getByRole('button', { name: 'Проверить статус' })).toBeTruthy();
  });
});
