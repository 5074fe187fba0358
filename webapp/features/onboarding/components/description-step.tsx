import { charactersToGo } from '../../../lib/plural-ru';
import { useDescriptionStore } from '../stores/description-store';
import styles from './fields.module.css';

const MIN = 24;
const MAX = 1200;

/** DESC: a few sentences about oneself, 24–1200 characters. */
export function DescriptionStep() {
  const text = useDescriptionStore((s) => s.values.description);
  const update = useDescriptionStore((s) => s.update);
  const invalid = useDescriptionStore((s) => s.error !== null);
  const length = text.trim().length;
  return (
    <>
      <textarea
        className={styles.textarea}
        aria-label="Описание"
        placeholder="Например: люблю рисовать и гулять с собакой, слушаю инди, ищу с кем обсудить аниме…"
        value={text}
        maxLength={MAX}
        aria-invalid={invalid}
        onChange={(event) => update({ description: event.target.value })}
      />
      <div className={styles.meta}>
        <span className={length >= MIN ? styles.good : undefined}>{length >= MIN ? 'Отлично!' : charactersToGo(MIN - length)}</span>
        <span data-testid="description-counter">
          {length}/{MAX}
        </span>
      </div>
    </>
  );
}
