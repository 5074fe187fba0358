import { getAppConfig } from '../../../lib/app-config';
import { openTelegramHandle } from '../../../lib/telegram/telegram-sdk';
import column from '../../../components/ui/column.module.css';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { InfoCard } from './info-card';
import styles from './info-page.module.css';

/** /help (end-user.md §2 Help): search and dating, settings, profile editing, and what is important to know. */
export default function HelpScreen() {
  const { supportHandle } = getAppConfig();
  return (
    <div className={`${column.column} ${styles.page}`}>
      <ScreenTitle>Справка</ScreenTitle>
      <InfoCard icon="heart" title="Поиск и знакомства">
        <p>
          В разделе «Анкеты» показывается одна анкета за раз. Нажмите ❤️, если человек вам интересен, или ✕, чтобы перейти к следующему.
        </p>
        <p>
          Если симпатия взаимная, откроется чат — можно сразу написать. Тех, кто отметил вашу анкету, вы найдёте в «Лайках», а всё прошлое —
          в «Истории лайков».
        </p>
        <p>Мы показываем только ровесников: до 18 лет — с разницей не больше двух лет, с 18 лет — только совершеннолетних.</p>
      </InfoCard>
      <InfoCard icon="settings" title="Настройки">
        <p>«Приватность» — срок автоудаления сообщений, чёрный список, согласие на использование данных и удаление аккаунта.</p>
        <p>«Уведомления» — какие сообщения от бота вы хотите получать. «Оформление» — светлая, тёмная тема или как в Telegram.</p>
      </InfoCard>
      <InfoCard icon="pencil" title="Редактирование анкеты">
        <p>Откройте «Профиль» → «Моя анкета» и нажмите на поле, которое хотите изменить, затем «Сохранить».</p>
        <p>Фото можно заменять по одному и менять местами, перетаскивая. Все изменения появятся в анкете после проверки модератором.</p>
      </InfoCard>
      <InfoCard icon="info" title="Важно знать">
        <ul className={styles.list}>
          <li>Все анкеты, фото и изменения проверяют модераторы.</li>
          <li>Загружайте только свои фото, рисунки или природу.</li>
          <li>Будьте вежливы и уважайте собеседников.</li>
          <li>
            Если вас обижают или что-то кажется подозрительным — пожалуйтесь через анкету или напишите модератору:{' '}
            <button type="button" className={styles.linkButton} onClick={() => openTelegramHandle(supportHandle)}>
              {supportHandle}
            </button>
            .
          </li>
          <li>Если приложение зависло — закройте его и откройте снова.</li>
          <li>
            Если не помогло — нажмите 5 раз на номер версии внизу профиля: данные приложения на этом устройстве очистятся, и оно закроется.
            Анкета и переписка при этом останутся.
          </li>
        </ul>
      </InfoCard>
    </div>
  );
}
