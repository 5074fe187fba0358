import { requestBotWriteAccess } from '../../../lib/telegram/write-access';
import { saveWriteAccess } from '../api/write-access';

/**
 * Asks Telegram whether the bot may write to the user and records the answer on the server; null when Telegram
 * cannot ask. The answer counts for the user even when it could not be recorded (the server is asked again later).
 */
export async function askWriteAccess(): Promise<boolean | null> {
  const allowed = await requestBotWriteAccess();
  if (allowed === null) return null;
  await saveWriteAccess(allowed).catch(() => undefined);
  return allowed;
}
