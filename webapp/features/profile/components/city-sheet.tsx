import { useEffect, useState } from 'react';
import { PLACES_MIN_QUERY, type PlaceItem } from '../../../../contracts/places';
import { PROFILE_MESSAGES } from '../../../../contracts/profile-fields';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import form from '../../../components/ui/form-controls.module.css';
import { SheetFooter } from '../../../components/ui/sheet-footer';
import { searchCities } from '../api/search-cities';
import { saveProfileEdit } from '../lib/save-profile-edit';
import styles from './edit-sheet.module.css';

const DEBOUNCE_MS = 300;

type Search = { phase: 'idle' | 'loading' | 'error' } | { phase: 'done'; items: PlaceItem[] };

function useCitySearch(query: string): Search {
  const [search, setSearch] = useState<Search>({ phase: 'idle' });
  // Too short to search: back to idle at once, adjusted while rendering.
  const [searched, setSearched] = useState(query);
  if (searched !== query) {
    setSearched(query);
    if (query.trim().length < PLACES_MIN_QUERY) setSearch({ phase: 'idle' });
  }
  useEffect(() => {
    const q = query.trim();
    if (q.length < PLACES_MIN_QUERY) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setSearch({ phase: 'loading' });
      searchCities(q, controller.signal).then(
        (items) => setSearch({ phase: 'done', items }),
        () => !controller.signal.aborted && setSearch({ phase: 'error' }),
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);
  return search;
}

/** The city, chosen from the places search (2+ characters, 300 ms debounce, 12 results). */
export function CitySheet({
  open,
  current,
  onClose,
  onSaved,
}: {
  open: boolean;
  current: string | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [query, setQuery] = useState(open ? (current ?? '') : '');
  const [picked, setPicked] = useState<PlaceItem | null>(null);
  const [saving, setSaving] = useState(false);
  // Opening the sheet starts from the stored city, adjusted while rendering.
  const [synced, setSynced] = useState({ open, current });
  if (synced.open !== open || synced.current !== current) {
    setSynced({ open, current });
    if (open) {
      setQuery(current ?? '');
      setPicked(null);
    }
  }
  const search = useCitySearch(picked ? '' : query);

  const save = async () => {
    if (!picked) return;
    setSaving(true);
    const ok = await saveProfileEdit({ city: picked.name, placeId: picked.id });
    setSaving(false);
    if (ok) onSaved();
  };
  return (
    <BottomSheet
      open={open}
      onClose={onClose}
      title="Город"
      footer={<SheetFooter onCancel={onClose} onConfirm={() => void save()} busy={saving} disabled={!picked} />}
    >
      <input
        className={form.input}
        aria-label="Город"
        placeholder="Начните вводить название"
        value={picked ? picked.name : query}
        autoComplete="off"
        onChange={(event) => {
          setPicked(null);
          setQuery(event.target.value);
        }}
      />
      {!picked && search.phase === 'loading' && <p className={styles.status}>Ищем…</p>}
      {!picked && search.phase === 'error' && <p className={styles.status}>Ошибка поиска</p>}
      {!picked && search.phase === 'done' && search.items.length === 0 && <p className={styles.status}>{PROFILE_MESSAGES.cityFromList}</p>}
      {!picked && search.phase === 'done' && search.items.length > 0 && (
        <ul className={styles.results} aria-label="Найденные города">
          {search.items.map((item) => (
            <li key={item.id}>
              <button type="button" className={`${form.choice} ${styles.choice} ${styles.resultButton}`} onClick={() => setPicked(item)}>
                {item.name}
                <span className={styles.choiceMeta}>{[item.region, item.country].filter(Boolean).join(', ')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </BottomSheet>
  );
}
