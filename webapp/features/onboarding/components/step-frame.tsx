import type { FormEvent, ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { useMainButton } from '../../../lib/telegram/use-main-button';
import { ProgressBar } from './progress-bar';
import styles from './step-frame.module.css';

export interface StepFrameProps {
  /** The step's name, for tests and styling. */
  stage: string;
  /** The flow's progress; a screen of its own (no flow) has none. */
  progress?: { current: number; total: number };
  title: string;
  subtitle?: ReactNode;
  /** Shown above the step, e.g. the moderator's reason. */
  note?: ReactNode;
  error: string | null;
  /** The in-page 'Назад'; the flow holds Telegram's BackButton for the same action. */
  onBack?: () => void;
  onNext: () => void;
  nextLabel: string;
  busy?: boolean;
  children: ReactNode;
}

/** One screen of a registration flow: progress, title, the inputs, the step's message, then Back / Next. */
export function StepFrame({
  stage,
  progress,
  title,
  subtitle,
  note,
  error,
  onBack,
  onNext,
  nextLabel,
  busy = false,
  children,
}: StepFrameProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onNext();
  };
  // Inside Telegram 'Далее' / 'Отправить' is the MainButton, with its loader while the flow sends, and 'Назад' is
  // Telegram's BackButton (the flows hold it whenever they pass onBack): the page shows neither.
  const native = useMainButton({ text: nextLabel, onClick: onNext, progress: busy });
  return (
    <main className={styles.screen} data-testid="registration-step" data-step={stage}>
      <form className={styles.form} onSubmit={submit} noValidate>
        {progress && (
          <header className={styles.top}>
            <ProgressBar current={progress.current} total={progress.total} />
            <span className={styles.counter}>
              Шаг {progress.current + 1} из {progress.total}
            </span>
          </header>
        )}
        {note}
        <section className={styles.content} key={stage}>
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
          <div className={styles.body}>{children}</div>
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
        </section>
        {!native && (
          <footer className={styles.footer}>
            {onBack && (
              <Button variant="secondary" className={styles.back} onClick={onBack}>
                Назад
              </Button>
            )}
            <Button type="submit" className={styles.next} disabled={busy}>
              {nextLabel}
            </Button>
          </footer>
        )}
      </form>
    </main>
  );
}
