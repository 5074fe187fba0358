import { useTelegramBackButton } from './use-back-button';

/**
 * Every pop-up (sheet, dialog, menu, the match view) takes Telegram's BackButton while open, so Back closes it instead
 * of the app, and gives it back to the route's own behaviour when it closes.
 */
export function useOverlayBackButton(open: boolean, onClose: () => void): void {
  useTelegramBackButton(open, onClose, true);
}
