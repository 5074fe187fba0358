import styles from './sending-screen.module.css';

/** SUBMITTING: the base profile is on its way. */
export function SendingScreen() {
  return (
    <main className={styles.screen} data-testid="registration-step" data-step="SENDING" aria-busy="true">
      <span className={styles.ring} aria-hidden="true" />
      <h1 className={styles.title}>Отправляем анкету…</h1>
      <p className={styles.text}>Это займёт пару секунд</p>
    </main>
  );
}
