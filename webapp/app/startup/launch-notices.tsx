import { NoticeScreen } from '../../components/ui/notice-screen';

/** A page opened outside Telegram (end-user.md §4). */
export function OutsideNotice() {
  return (
    <NoticeScreen symbol="📱" title="Запуск вне Telegram">
      <p>Откройте мини-приложение из чата с ботом в Telegram.</p>
    </NoticeScreen>
  );
}

/** Telegram passed no launch data (end-user.md §4). */
export function NoInitDataNotice() {
  return (
    <NoticeScreen symbol="🔑" tone="danger" title="initData отсутствует">
      <p>Telegram не передал данные запуска. Закройте приложение и откройте его снова из чата с ботом.</p>
    </NoticeScreen>
  );
}
