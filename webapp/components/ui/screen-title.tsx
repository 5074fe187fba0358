import styles from './visually-hidden.module.css';

/** The screen's h2 for assistive technology (the frame's header already shows the title). */
export function ScreenTitle({ children, id }: { children: string; id?: string }) {
  return (
    <h2 id={id} className={styles.hidden}>
      {children}
    </h2>
  );
}
