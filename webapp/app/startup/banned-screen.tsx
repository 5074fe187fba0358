import { getAppConfig } from '../../lib/app-config';
import { openTelegramHandle } from '../../lib/telegram/telegram-sdk';
import { NoticeScreen } from '../../components/ui/notice-screen';

const formatDate = (iso: string) => new Date(iso).toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric' });

/** What a banned user sees instead of the app (end-user.md §2). */
export function BannedScreen({ banReason, bannedAt }: { banReason: string | null; bannedAt: string | null }) {
  const { supportHandle } = getAppConfig();
  const handle = supportHandle.startsWith('@') ? supportHandle : `@${supportHandle}`;
  return (
    <NoticeScreen symbol="🔒" tone="danger" title="Доступ ограничен">
      <p>Ваш аккаунт заблокирован за нарушение правил сообщества.</p>
      {banReason && (
        <p data-tone="detail">
          Причина: <strong>{banReason}</strong>
        </p>
      )}
      {bannedAt && <p data-tone="detail">Дата блокировки: {formatDate(bannedAt)}</p>}
      <p data-tone="hint">
        Если вы считаете, что это ошибка, напишите в поддержку:{' '}
        <a
          href={`https://t.me/${handle.slice(1)}`}
          onClick={(event) => {
            event.preventDefault();
            openTelegramHandle(handle);
          }}
        >
          {handle}
        </a>
      </p>
    </NoticeScreen>
  );
}
