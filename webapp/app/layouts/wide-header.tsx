import { useNavigate } from 'react-router-dom';
import { Badge } from '../../components/ui/badge';
import { BrandMark } from '../../components/ui/brand-mark';
import { Icon } from '../../components/ui/icon';
import { useUnread } from '../../lib/counters/unread-store';
import styles from './wide-layout.module.css';
import { WideSearch } from './wide-search';

/** Desktop header: sidebar toggle, product title, chat search, the bell (unseen likes + unread messages, opens /likes), settings. */
export function WideHeader({ productName, onToggleSidebar }: { productName: string; onToggleSidebar: () => void }) {
  const navigate = useNavigate();
  const unseen = useUnread((s) => s.likes + s.messages);
  return (
    <header className={styles.header}>
      <button type="button" className={styles.iconButton} onClick={onToggleSidebar} aria-label="Свернуть или развернуть меню">
        <Icon name="sidebar" />
      </button>
      <button type="button" className={styles.brand} onClick={() => navigate('/about-position')}>
        <BrandMark size={26} />
        <span className={styles.brandName}>{productName}</span>
      </button>
      <WideSearch />
      <button type="button" className={styles.iconButton} aria-label="Уведомления" onClick={() => navigate('/likes')}>
        <span className={styles.badgeWrap}>
          <Icon name="bell" />
          <Badge count={unseen} label="Новое" />
        </span>
      </button>
      <button type="button" className={styles.iconButton} aria-label="Настройки" onClick={() => navigate('/theme')}>
        <Icon name="settings" />
      </button>
    </header>
  );
}
