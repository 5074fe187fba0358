import { useSyncExternalStore } from 'react';
import { isConnectedToTelegram, onTelegramConnected } from './sdk';

/** True once the app is connected to the Telegram client: a screen drawn before the SDK arrived renders again then. */
export function useTelegramConnected(): boolean {
  return useSyncExternalStore(onTelegramConnected, isConnectedToTelegram);
}
