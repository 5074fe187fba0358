import { useState, type FormEvent } from 'react';
import { CHAT_MESSAGES, parseStickerSetUrl } from '../../../../contracts/chat';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api/error-text';
import { importStickerPack } from '../api/chat-api';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './sticker-panel.module.css';

/** Adds a Telegram pack by its t.me/addstickers link; says why not, or hands the added pack up. */
export function StickerPackForm({ onAdded }: { onAdded: (pack: { name: string; message: string }) => void }) {
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseStickerSetUrl(url);
    if (!parsed.ok) return setError(parsed.message);
    setBusy(true);
    try {
      const r = await importStickerPack(url.trim());
      onAdded({ name: r.pack.name, message: r.message || CHAT_MESSAGES.stickerPackAdded });
    } catch (err) {
      setError(`Ошибка импорта: ${errorText(err, CHAT_MESSAGES.stickerImportFailed)}`);
      setBusy(false);
    }
    return undefined;
  };

  return (
    <>
      <form className={styles.packForm} onSubmit={(e) => void submit(e)}>
        <input
          className={styles.packInput}
          value={url}
          placeholder={CHAT_TEXT.packPlaceholder}
          aria-label="Ссылка на стикер-пак"
          onChange={(e) => setUrl(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {CHAT_TEXT.addPack}
        </Button>
      </form>
      {error && (
        <p className={styles.noteError} role="alert">
          {error}
        </p>
      )}
    </>
  );
}
