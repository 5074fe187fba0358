import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { NoticeScreen } from '../../../components/ui/notice-screen';
import { getAppConfig } from '../../../lib/app-config';
import { openTelegramHandle } from '../../../lib/telegram/telegram-sdk';
import { channelHandle } from '../lib/channel-handle';

export interface UnderReviewScreenProps {
  /** Asks the server for the status again; the gate moves on when it changed. */
  onRefresh?: () => Promise<unknown>;
}

/** UNDER_REVIEW_BASE: the profile waits for a moderator; meanwhile, the product's channel. */
export function UnderReviewScreen({ onRefresh }: UnderReviewScreenProps) {
  const { productName } = getAppConfig();
  const handle = channelHandle();
  const [checking, setChecking] = useState(false);
  const refresh = async () => {
    if (!onRefresh) return;
    setChecking(true);
    await onRefresh().catch(() => undefined);
    setChecking(false);
  };
  return (
    <NoticeScreen
      symbol="⏳"
      tone="accent"
      title="Анкета на модерации"
      actions={
        <>
          <Button wide onClick={() => openTelegramHandle(handle)}>
            Подписаться на канал
          </Button>
          {onRefresh && (
            <Button wide variant="plain" disabled={checking} onClick={() => void refresh()}>
              {checking ? 'Проверяем…' : 'Проверить статус'}
            </Button>
          )}
        </>
      }
    >
      <p data-testid="registration-step" data-step="UNDER_REVIEW">
        Спасибо! Модератор проверит анкету — обычно это занимает несколько часов. Мы пришлём сообщение, когда всё будет готово.
      </p>
      <p data-tone="detail">
        А пока подпишитесь на канал {productName} {handle}: новости, обновления и советы по безопасному общению.
      </p>
    </NoticeScreen>
  );
}
