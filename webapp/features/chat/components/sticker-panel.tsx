import { useEffect, useState, type FormEvent } from 'react';
import { CHAT_MESSAGES, parseStickerSetUrl, type Sticker } from '../../../../contracts/chat';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { fetchStickers, importStickerPack } from '../api/chat-api';
import { CHAT_TEXT } from '../lib/chat-text';
import styles from './sticker-panel.module.css';
import { errorText } from '../../../lib/api/error-text';

interface Pack {
  name: string;
  title: string;
  stickers: Sticker[];
}

const groupByPack = (stickers: Sticker[], packs: { name: string; title: string }[]): Pack[] => {
  const byName = new Map<string, Pack>(packs.map((p) => [p.name, { name: p.name, title: p.title, stickers: [] }]));
  for (const s of stickers) {
    const pack = byName.get(s.packName) ?? { name: s.packName, title: s.packName, stickers: [] };
    pack.stickers.push(s);
    byName.set(s.packName, pack);
  }
  return [...byName.values()].filter((p) => p.stickers.length > 0);
};

/** The user's stickers grouped by pack in a 4-column grid, with the form that adds a pack by its t.me link. */
export function StickerPanel({ onPick }: { onPick(sticker: Sticker): void }) {
  const [packs, setPacks] = useState<Pack[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [note, setNote] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  const load = () =>
    fetchStickers().then(
      (r) => setPacks(groupByPack(r.stickers, r.packs)),
      () => setLoadError(CHAT_TEXT.stickersLoadError),
    );
  useEffect(() => void load(), []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseStickerSetUrl(url);
    if (!parsed.ok) return setNote({ text: parsed.message, ok: false });
    setBusy(true);
    try {
      const r = await importStickerPack(url.trim());
      setNote({ text: r.message || CHAT_MESSAGES.stickerPackAdded, ok: true });
      setUrl('');
      await load();
    } catch (err) {
      setNote({ text: `Ошибка импорта: ${errorText(err, CHAT_MESSAGES.stickerImportFailed)}`, ok: false });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.panel} aria-label={CHAT_TEXT.stickers} role="region">
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
      {note && (
        <p className={note.ok ? styles.noteOk : styles.noteError} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      )}
      {loadError && <p className={styles.noteError}>{loadError}</p>}
      {!packs && !loadError && <Spinner />}
      {packs?.length === 0 && <p className={styles.hint}>{CHAT_TEXT.noStickers}</p>}
      {packs?.map((pack) => (
        <section key={pack.name} aria-label={pack.title}>
          <h3 className={styles.packTitle}>{pack.title}</h3>
          <div className={styles.grid}>
            {pack.stickers.map((s) => (
              <button key={s.id} type="button" className={styles.sticker} aria-label={s.name || 'Стикер'} onClick={() => onPick(s)}>
                <img src={s.imageUrl} alt="" loading="lazy" />
              </button>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
