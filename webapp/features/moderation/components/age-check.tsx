import type { ModerationItemView } from '../../../../contracts/moderation';
import { statedAgeLine } from '../../../../contracts/face-check';
import styles from './age-check.module.css';

/**
 * The face check of a new profile's or new photos' pictures (issue 43): the stated age, one line per photo and the
 * flags ('Проверьте возраст', 'Нет лица на главном фото'). A hint for the moderator: approve and reject stay human.
 */
export function AgeCheck({ check }: { check: ModerationItemView['payload']['ageCheck'] }) {
  if (!check) return null;
  return (
    <section className={styles.ageCheck} aria-label="Лицо и возраст" data-testid="age-check">
      {check.flags.map((flag) => (
        <p key={flag} className={styles.flag} role="note" data-testid="age-flag">
          <span aria-hidden="true">⚠️</span> {flag}
        </p>
      ))}
      {check.statedAge !== null && <p className={styles.stated}>{statedAgeLine(check.statedAge)}</p>}
      <ul className={styles.lines}>
        {check.lines.map((line, index) => (
          <li key={index} data-testid="age-line">
            Фото {index + 1}: {line ?? '—'}
          </li>
        ))}
      </ul>
    </section>
  );
}
