import { useNavigate } from 'react-router-dom';
import { Badge } from '../../components/ui/badge';
import { BrandMark } from '../../components/ui/brand-mark';
import { Icon } from '../../components/ui/icon';
import styles from './wide-layout.module.css';

/** Desktop header: sidebar toggle, product title, search, notifications (badge 3 as the spec fixes it), settings. */
export function WideHeader({ productName, onToggleSidebar }: { productName: string; onToggleSidebar: () => void }) {
  const navigate = useNavigate();
  return (
    <header className={styles.header}>
      <button type="button" className={styles.iconButton} onClick={onToggleSidebar} aria-label="Свернуть или развернуть меню">
        <Icon name="sidebar" />
      </button>
      <button type="button" className={styles.brand} onClick={() => navigate('/about-position')}>
        <BrandMark size={26} />
        <span className={styles.brandName}>{productName}</span>
      </button>
      <form className={styles.search} role="search" onSubmit={(event) => event.preventDefault()}>
        <Icon name="search" size={18} />
        <input type="search" placeholder="Поиск по сообщениям, анкетам..." aria-label="Поиск" />
      </form>
      <button type="button" className={styles.iconButton} aria-label="Уведомления" onClick={() => navigate('/notifications')}>
        <span className={styles.badgeWrap}>
          <Icon name="bell" />
          <Badge count={3} />
        </span>
      </button>
      <button type="button" className={styles.iconButton} aria-label="Настройки" onClick={() => navigate('/chat-settings')}>
        <Icon name="settings" />
      </button>
    </header>
  );
}
