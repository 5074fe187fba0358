import { useEffect, useRef, useState } from 'react';
import { BrandMark } from '../../../components/ui/brand-mark';
import { Button } from '../../../components/ui/button';
import { showToast } from '../../../components/ui/toast-store';
import { openTelegramHandle } from '../../../lib/telegram/telegram-sdk';
import { useWriteAccess } from '../hooks/use-write-access';
import { channelHandle } from '../lib/channel-handle';
import { StageIcon } from './stage-icon';
import styles from './under-review-screen.module.css';
import { WriteAccessNotice } from './write-access-notice';

export interface UnderReviewScreenProps {
  /** Asks the server for the status again; the gate moves on when it changed. */
  onRefresh?: () => Promise<unknown>;
}

/** UNDER_REVIEW_BASE: the profile waits for a moderator; meanwhile, the product's channel when one is configured. */
export function UnderReviewScreen({ onRefresh }: UnderReviewScreenProps) {
  const handle = channelHandle();
  const writeAccess = useWriteAccess();
  const [checking, setChecking] = useState(false);
  const mounted = useRef(true);
  useEffect(() => () => void (mounted.current = false), []);
  // A changed status replaces this screen; still being here means the review goes on.
  const refresh = async () => {
    if (!onRefresh) return;
    setChecking(true);
    const failed = await onRefresh().then(
      () => false,
      () => true,
    );
    if (!mounted.current) return;
    setChecking(false);
    showToast(failed ? { tone: 'error', text: 'Не удалось проверить статус' } : 'Анкета ещё на проверке');
  };
  return (
    <main className={styles.screen} data-testid="registration-step" data-step="UNDER_REVIEW">
      <div className={styles.badge}>
        <StageIcon name="clock" size={44} />
      </div>
      <h1 className={styles.title}>Анкета на модерации</h1>
      <p className={styles.lead}>
        Спасибо! Модератор проверит анкету — обычно это занимает несколько часов.
        {writeAccess.missing ? '' : ' Мы пришлём сообщение, когда всё будет готово.'}
      </p>
      {writeAccess.missing && (
        <WriteAccessNotice canAsk={writeAccess.canAsk} asking={writeAccess.asking} onAllow={() => void writeAccess.allow()} />
      )}
      {handle && (
        <section className={styles.channel} aria-label="Наш канал">
          <div className={styles.channelHead}>
            <span className={styles.mark}>
              <BrandMark size={30} />
            </span>
            <span>
              <strong className={styles.channelName}>Наш канал</strong>
              <span className={styles.handle}>{handle}</span>
            </span>
          </div>
          <p className={styles.channelText}>Пока ждёте — подпишитесь: новости, обновления и советы по безопасному общению.</p>
          <Button wide onClick={() => openTelegramHandle(handle)}>
            Подписаться на канал
          </Button>
        </section>
      )}
      {onRefresh && (
        <Button wide variant="plain" disabled={checking} onClick={() => void refresh()}>
          {checking ? 'Проверяем…' : 'Проверить статус'}
        </Button>
      )}
    </main>
  );
}
