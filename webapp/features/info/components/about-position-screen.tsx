import { getAppConfig } from '../../../lib/app-config';
import column from '../../../components/ui/column.module.css';
import { ScreenTitle } from '../../../components/ui/screen-title';
import { InfoCard } from './info-card';
import styles from './info-page.module.css';

/** /about-position: the product's values (end-user.md §1), static text. */
export default function AboutPositionScreen() {
  const { productName, supportHandle } = getAppConfig();
  return (
    <div className={`${column.column} ${styles.page}`}>
      <ScreenTitle>Наша позиция</ScreenTitle>
      <p className={styles.lead}>
        {productName} — место, где подростки могут знакомиться и дружить, оставаясь собой. Вот во что мы верим и как это влияет на всё, что
        мы делаем.
      </p>
      <InfoCard icon="peace" title="Мы против войны">
        <p>
          Никакие разногласия не стоят человеческих жизней. Мы против войны и за мир, в котором у каждого есть безопасное будущее, близкие
          рядом и право на свои мечты.
        </p>
      </InfoCard>
      <InfoCard icon="shield" title="Безопасность ЛГБТК+ подростков">
        <p>Здесь можно быть собой. Мы бережём пространство, где не осуждают, не травят и не раскрывают чужие тайны.</p>
        <p>Уведомления бота и название приложения нейтральны: по ним посторонний ничего о вас не узнает.</p>
      </InfoCard>
      <InfoCard icon="sprout" title="Без токсичных механик">
        <p>
          Никаких рейтингов привлекательности, платного продвижения анкет и уловок, которые держат в приложении дольше, чем хочется.
          Общайтесь тогда, когда вам удобно, и столько, сколько хочется.
        </p>
      </InfoCard>
      <InfoCard icon="lock" title="Приватность по умолчанию">
        <p>Мы собираем только то, что нужно для работы. Другие пользователи не видят вашу дату рождения, имя из Telegram и язык.</p>
        <p>
          Сообщения удаляются автоматически в выбранный срок, а аккаунт можно удалить в любой момент — вместе с фото, лайками и перепиской.
        </p>
      </InfoCard>
      <InfoCard icon="scales" title="Уважение к местным законам">
        <p>
          Мы соблюдаем законы стран, где работает сервис, и делаем всё, чтобы пользоваться им было безопасно: возрастные ограничения,
          модерация каждой анкеты и защита данных — часть этой заботы.
        </p>
      </InfoCard>
      <p className={styles.closing}>Если вы столкнулись с травлей или угрозами, напишите модераторам: {supportHandle}. Вы не одни.</p>
    </div>
  );
}
