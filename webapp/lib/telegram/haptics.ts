import { hapticFeedback } from '@tma.js/sdk-react';

type Impact = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';
type Notice = 'success' | 'warning' | 'error';

function attempt(action: () => unknown): void {
  try {
    action();
  } catch {
    // No haptics outside Telegram.
  }
}

/** Telegram's HapticFeedback for screens: taps, outcomes and selection changes. */
export const haptics = {
  impact: (style: Impact = 'light') => attempt(() => hapticFeedback.impactOccurred.ifAvailable(style)),
  notify: (type: Notice) => attempt(() => hapticFeedback.notificationOccurred.ifAvailable(type)),
  select: () => attempt(() => hapticFeedback.selectionChanged.ifAvailable()),
};
