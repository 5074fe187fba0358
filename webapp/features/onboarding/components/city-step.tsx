import type { PlaceItem } from '../../../../contracts/places';
import { Icon } from '../../../components/ui/icon';
import { Spinner } from '../../../components/ui/spinner';
import { haptics } from '../../../lib/telegram/haptics';
import { usePlaceSearch } from '../lib/use-place-search';
import { useOnboardingStore } from '../stores/onboarding-store';
import styles from './city-step.module.css';
import fields from './fields.module.css';

const placeDetails = (place: PlaceItem) => [place.region, place.country].filter(Boolean).join(', ');

function Results({ query, onPick }: { query: string; onPick: (place: PlaceItem) => void }) {
  const search = usePlaceSearch(query, true);
  if (search.state === 'idle') return <p className={styles.status}>Введите хотя бы 2 буквы</p>;
  if (search.state === 'loading') return <Spinner label="Ищем города" />;
  if (search.state === 'error') return <p className={`${styles.status} ${styles.failed}`}>{search.message}</p>;
  if (search.items.length === 0) return <p className={styles.status}>Ничего не нашлось. Попробуйте другое написание.</p>;
  return (
    <ul className={styles.list} aria-label="Найденные города">
      {search.items.map((place) => (
        <li key={place.id}>
          <button type="button" className={styles.item} onClick={() => onPick(place)}>
            <span className={styles.name}>{place.name}</span>
            <span className={styles.details}>{placeDetails(place)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

/** CITY: search the places list and pick one; typed text alone does not count. */
export function CityStep() {
  const city = useOnboardingStore((s) => s.values.city);
  const chosen = useOnboardingStore((s) => s.values.placeId !== null);
  const update = useOnboardingStore((s) => s.update);
  const invalid = useOnboardingStore((s) => s.error !== null);
  const pick = (place: PlaceItem) => {
    haptics.select();
    update({ city: place.name, placeId: place.id });
  };
  return (
    <>
      <div className={styles.search}>
        <Icon name="search" size={20} className={styles.icon} />
        <input
          className={`${fields.input} ${styles.input}`}
          type="search"
          aria-label="Город"
          placeholder="Начните вводить город"
          value={city}
          maxLength={128}
          autoComplete="off"
          enterKeyHint="search"
          aria-invalid={invalid}
          onChange={(event) => update({ city: event.target.value, placeId: null })}
        />
      </div>
      {chosen ? (
        <p className={styles.chosen} data-testid="chosen-city">
          <span className={styles.tick} aria-hidden="true" />
          <span>
            Город выбран: <strong>{city}</strong>
          </span>
        </p>
      ) : (
        <Results query={city} onPick={pick} />
      )}
    </>
  );
}
