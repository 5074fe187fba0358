import { useEffect, useState } from 'react';
import type { Sticker } from '../../../../contracts/chat';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { fetchStickers } from '../api/chat-api';
import { CHAT_TEXT } from '../lib/chat-text';
import { groupByPack, lastStickerPack, rememberStickerPack, STICKER_TEXT, type StickerPack } from '../lib/sticker-packs';
import { StickerPackForm } from './sticker-pack-form';
import styles from './sticker-panel.module.css';

/** One pack's stickers in a 4-column grid. */
function PackGrid({ pack, onPick }: { pack: StickerPack; onPick: (sticker: Sticker) => void }) {
  return (
    <section role="tabpanel" aria-label={pack.title}>
      <h3 className={styles.packTitle}>{pack.title}</h3>
      <div className={styles.grid}>
        {pack.stickers.map((s) => (
          <button key={s.id} type="button" className={styles.sticker} aria-label={s.name || 'Стикер'} onClick={() => onPick(s)}>
            <img src={s.imageUrl} alt="" loading="lazy" />
          </button>
        ))}
      </div>
    </section>
  );
}

interface PackTabsProps {
  packs: StickerPack[];
  current: StickerPack | undefined;
  onChoose: (name: string) => void;
  adding: boolean;
  onToggleAdding: () => void;
}

/** The packs' row, each by its first sticker, and '+' for the link form. */
function PackTabs({ packs, current, onChoose, adding, onToggleAdding }: PackTabsProps) {
  return (
    <div className={styles.tabs}>
      <div className={styles.tabList} role="tablist" aria-label={STICKER_TEXT.packs}>
        {packs.map((pack) => (
          <button
            key={pack.name}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={pack === current}
            aria-label={pack.title}
            onClick={() => onChoose(pack.name)}
          >
            <img src={pack.stickers[0]?.imageUrl} alt="" />
          </button>
        ))}
      </div>
      <button type="button" className={styles.tab} aria-label={STICKER_TEXT.addPack} aria-expanded={adding} onClick={onToggleAdding}>
        <Icon name="plus" size={22} />
      </button>
    </div>
  );
}

/**
 * The sticker panel: one pack at a time (the product's own pack from the start), opened on the pack last used on
 * this device; adding a Telegram pack by its link is the secondary '+' at the end of the packs' row.
 */
export function StickerPanel({ onPick }: { onPick(sticker: Sticker): void }) {
  const [packs, setPacks] = useState<StickerPack[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(lastStickerPack);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState<string | null>(null);

  const load = () =>
    fetchStickers().then(
      (r) => setPacks(groupByPack(r.stickers, r.packs)),
      () => setLoadError(CHAT_TEXT.stickersLoadError),
    );
  useEffect(() => void load(), []);

  const choose = (name: string) => {
    setChosen(name);
    rememberStickerPack(name);
  };
  const current = packs?.find((p) => p.name === chosen) ?? packs?.[0];

  return (
    <div className={styles.panel} aria-label={CHAT_TEXT.stickers} role="region">
      {packs && packs.length > 0 && (
        <PackTabs packs={packs} current={current} onChoose={choose} adding={adding} onToggleAdding={() => setAdding((open) => !open)} />
      )}
      {(adding || packs?.length === 0) && (
        <StickerPackForm
          onAdded={({ name, message }) => {
            setAdding(false);
            setAdded(message);
            choose(name);
            void load();
          }}
        />
      )}
      {added && (
        <p className={styles.noteOk} role="status">
          {added}
        </p>
      )}
      {loadError && <p className={styles.noteError}>{loadError}</p>}
      {!packs && !loadError && <Spinner />}
      {packs?.length === 0 && <p className={styles.hint}>{CHAT_TEXT.noStickers}</p>}
      {current && (
        <PackGrid
          pack={current}
          onPick={(sticker) => {
            choose(current.name);
            onPick(sticker);
          }}
        />
      )}
    </div>
  );
}
