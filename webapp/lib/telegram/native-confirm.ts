import { isConnectedToTelegram, sdk } from './sdk';

export interface NativeConfirm {
  title: string;
  message?: string;
  confirmText: string;
  cancelText: string;
  destructive: boolean;
}

const CONFIRM_ID = 'confirm';
// Telegram's limits on a pop-up: a title of 64 characters, a message of 256.
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** True when the client shows Telegram's own pop-ups (never in a plain browser tab or an old client). */
export function hasNativePopups(): boolean {
  try {
    return isConnectedToTelegram() && (sdk()?.popup.isSupported() ?? false);
  } catch {
    return false;
  }
}

/**
 * Asks with Telegram's own pop-up (its look and dark mode): true on confirm, false on cancel or a tap outside;
 * null when the client has no pop-ups (a plain browser tab, an old client), so the app's own dialog asks instead.
 */
export async function confirmNatively({ title, message, confirmText, cancelText, destructive }: NativeConfirm): Promise<boolean | null> {
  const popup = sdk()?.popup;
  if (!popup || !hasNativePopups()) return null;
  try {
    const pressed = await popup.show({
      title: message ? clip(title, 64) : '',
      message: clip(message ?? title, 256),
      buttons: [
        { id: 'cancel', type: 'default', text: cancelText },
        { id: CONFIRM_ID, type: destructive ? 'destructive' : 'default', text: confirmText },
      ],
    });
    return pressed === CONFIRM_ID;
  } catch {
    return null;
  }
}
