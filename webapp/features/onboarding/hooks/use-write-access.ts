import { useEffect, useState } from 'react';
import { WRITE_ACCESS_TEXT } from '../../../../contracts/write-access';
import { showToast } from '../../../components/ui/toast-store';
import { useTelegramConnected } from '../../../lib/telegram/use-telegram-connected';
import { canRequestWriteAccess } from '../../../lib/telegram/write-access';
import { fetchWriteAccess } from '../api/write-access';
import { askWriteAccess } from '../lib/ask-write-access';

/**
 * Whether the bot may write to the user, as the server recorded it: `missing` once it is known that it may not
 * (never answered, or declined); `allow` asks Telegram again and records the answer.
 */
export function useWriteAccess(): { missing: boolean; canAsk: boolean; asking: boolean; allow: () => Promise<void> } {
  // undefined: not known yet (or the server could not say), so nothing is claimed.
  const [writeAccess, setWriteAccess] = useState<boolean | null | undefined>(undefined);
  const [asking, setAsking] = useState(false);
  // Telegram's question is possible only once connected, which may come after this screen is drawn.
  const connected = useTelegramConnected();
  useEffect(() => {
    let live = true;
    fetchWriteAccess().then(
      (answer) => live && setWriteAccess(answer.writeAccess),
      () => undefined,
    );
    return () => void (live = false);
  }, []);
  const allow = async () => {
    setAsking(true);
    const allowed = await askWriteAccess();
    setAsking(false);
    if (allowed === null) return;
    setWriteAccess(allowed);
    showToast(allowed ? { tone: 'success', text: WRITE_ACCESS_TEXT.allowed } : WRITE_ACCESS_TEXT.refused);
  };
  return { missing: writeAccess === null || writeAccess === false, canAsk: connected && canRequestWriteAccess(), asking, allow };
}
