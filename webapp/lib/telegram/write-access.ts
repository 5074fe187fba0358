import { isConnectedToTelegram, sdk } from './sdk';

// The user may think it over; a client that never answers must not hold the flow for ever.
const ANSWER_TIMEOUT_MS = 120_000;

/** True when Telegram can ask the user to let the bot write (never in a plain browser tab or an old client). */
export function canRequestWriteAccess(): boolean {
  try {
    return isConnectedToTelegram() && (sdk()?.requestWriteAccess.isAvailable() ?? false);
  } catch {
    return false;
  }
}

/** Telegram's own question 'may the bot write to you?': true when allowed, false when declined, null when it cannot ask. */
export async function requestBotWriteAccess(): Promise<boolean | null> {
  const requestWriteAccess = sdk()?.requestWriteAccess;
  if (!requestWriteAccess || !canRequestWriteAccess()) return null;
  try {
    return (await requestWriteAccess({ timeout: ANSWER_TIMEOUT_MS })) === 'allowed';
  } catch {
    return null;
  }
}
