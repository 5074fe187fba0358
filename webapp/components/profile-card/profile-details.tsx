import type { ProfileCard } from '../../../contracts/profile-card';
import styles from './profile-card.module.css';
import { formatHeight, lookingForLabels, orientationLabel } from './profile-labels';

/** Chips (orientation, goals), the bio and the height (no weight: AMENDMENTS §5.9); sections without data are left out. */
export function ProfileDetails({ card }: { card: ProfileCard }) {
  const orientation = orientationLabel(card.gender);
  const goals = lookingForLabels(card.lookingFor);
  const facts = card.heightCm != null ? [{ label: 'Рост', value: formatHeight(card.heightCm) }] : [];
  return (
    <>
      {(orientation || goals.length > 0) && (
        <ul className={styles.chips} aria-label="Теги">
          {orientation && <li className={`${styles.chip} ${styles.chipAccent}`}>{orientation}</li>}
          {goals.map((label) => (
            <li key={label} className={styles.chip}>
              {label}
            </li>
          ))}
        </ul>
      )}
      {card.bio && (
        <section className={styles.section}>
          <h4 className={styles.sectionTitle}>О себе</h4>
          <p className={styles.bio}>{card.bio}</p>
        </section>
      )}
      {facts.length > 0 && (
        <dl className={styles.facts}>
          {facts.map((fact) => (
            <div key={fact.label} className={styles.fact}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}
