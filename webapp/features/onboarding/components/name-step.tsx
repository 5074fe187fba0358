import { NAME_HINT } from '../../../../contracts/profile-fields';
import { useOnboardingStore } from '../stores/onboarding-store';
import styles from './fields.module.css';

const MAX = 16;

/** NAME: the display name, Cyrillic letters, 2–16, parts joined by a hyphen or a space. */
export function NameStep() {
  const name = useOnboardingStore((s) => s.values.displayName);
  const update = useOnboardingStore((s) => s.update);
  const invalid = useOnboardingStore((s) => s.error !== null);
  return (
    <>
      <input
        className={styles.input}
        aria-label="Имя"
        placeholder="Например, Саша"
        value={name}
        maxLength={32}
        autoComplete="given-name"
        autoFocus
        aria-invalid={invalid}
        onChange={(event) => update({ displayName: event.target.value })}
      />
      <div className={styles.meta}>
        <span>{NAME_HINT}</span>
        <span>
          {name.trim().length}/{MAX}
        </span>
      </div>
    </>
  );
}
