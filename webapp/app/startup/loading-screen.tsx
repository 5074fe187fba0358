import { BrandMark } from '../../components/ui/brand-mark';
import { getAppConfig } from '../../lib/app-config';
import type { StartupStep } from './run-startup';
import styles from './startup.module.css';

const STEP_TEXT: Record<StartupStep, string> = {
  init: 'Инициализация',
  ready: 'Сообщаем Telegram о готовности',
  expand: 'Разворачиваем окно',
  validate: 'Проверяем пользователя',
  done: 'Готово',
  error: 'Ошибка проверки',
};

/** 'Загрузка…' with the start-up steps reported so far; fades out when `exiting`. */
export function LoadingScreen({ steps, exiting }: { steps: readonly StartupStep[]; exiting: boolean }) {
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
        {steps.map((step, index) => (
          <li key={step} className={index === steps.length - 1 && step !== 'done' ? styles.current : styles.finished}>
            {STEP_TEXT[step]}
          </li>
        ))}
      </ul>
    </div>
  );
}
