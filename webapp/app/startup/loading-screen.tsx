import { BrandMark } from '../../components/ui/brand-mark';
import { getAppConfig } from '../../lib/app-config';
import type { StartupStep } from './run-startup';
import styles from './startup.module.css';

// What a user sees of each step: the talk with Telegram is one status, not its developer step names.
const STEP_TEXT: Record<StartupStep, string> = {
  init: 'Открываем приложение',
  ready: 'Открываем приложение',
  expand: 'Открываем приложение',
  validate: 'Входим в аккаунт',
  done: 'Готово',
  error: 'Не удалось войти',
};

/** The statuses to list: each step's words once, in order. */
const statusesOf = (steps: readonly StartupStep[]): string[] => [...new Set(steps.map((step) => STEP_TEXT[step]))];

/** 'Загрузка…' with the start-up steps reported so far; fades out when `exiting`. */
export function LoadingScreen({ steps, exiting }: { steps: readonly StartupStep[]; exiting: boolean }) {
  const statuses = statusesOf(steps);
  return (
    <div className={`${styles.screen} ${styles.loading} ${exiting ? styles.exiting : ''}`} role="status" aria-live="polite">
      <BrandMark size={56} />
      <div className={styles.brand}>{getAppConfig().productName}</div>
      <div className={styles.dots} aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p className={styles.loadingText}>Загрузка…</p>
      <ul className={styles.steps}>
        {statuses.map((text, index) => (
          <li key={text} className={index === statuses.length - 1 && text !== STEP_TEXT.done ? styles.current : styles.finished}>
            {text}
          </li>
        ))}
      </ul>
    </div>
  );
}
