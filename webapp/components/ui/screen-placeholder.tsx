import { Icon, type IconName } from './icon';
import styles from './screen-placeholder.module.css';

/** Stand-in for a screen that a later feature fills in. */
export function ScreenPlaceholder({
  title,
  icon = 'info',
  hint = 'Этот раздел скоро появится.',
}: {
  title: string;
  icon?: IconName;
  hint?: string;
}) {
  return (
    <section className={styles.card} aria-labelledby="placeholder-title">
      <span className={styles.icon}>
        <Icon name={icon} size={28} />
      </span>
      <h2 id="placeholder-title" className={styles.title}>
        {title}
      </h2>
      <p className={styles.hint}>{hint}</p>
    </section>
  );
}
