import { sdk } from './sdk';

type Impact = 'light' | 'medium' | 'heavy' | 'rigid' | 'soft';
type Notice = 'success' | 'warning' | 'error';
type HapticFeedback = NonNullable<ReturnType<typeof sdk>>['hapticFeedback'];

function attempt(action: (feedback: HapticFeedback) => unknown): void {
  const feedback = sdk()?.hapticFeedback;
  if (!feedback) return;
  try {
    action(feedback);
  } catch {
    // No haptics outside Telegram.
  }
}

/** Telegram's HapticFeedback for screens: taps, outcomes and selection changes (none before the SDK has arrived). */
export const haptics = {
  impact: (style: Impact = 'light') => attempt((feedback) => feedback.impactOccurred.ifAvailable(style)),
  notify: (type: Notice) => attempt((feedback) => feedback.notificationOccurred.ifAvailable(type)),
  select: () => attempt((feedback) => feedback.selectionChanged.ifAvailable()),
};
