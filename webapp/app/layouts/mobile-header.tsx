import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { BrandMark } from '../../components/ui/brand-mark';
import styles from './mobile-header.module.css';

const RIPPLE_MS = 600;

/** The 100 px header: the page title, or the product name; tapping it opens 'our position' with a ripple. */
export function MobileHeader({ title, isProductName }: { title: string; isProductName: boolean }) {
  const navigate = useNavigate();
  const [ripple, setRipple] = useState<{ x: number; y: number; key: number } | null>(null);

  const onTap = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const key = Date.now();
    setRipple({ x: event.clientX - box.left, y: event.clientY - box.top, key });
    setTimeout(() => setRipple((r) => (r?.key === key ? null : r)), RIPPLE_MS);
    navigate('/about-position');
  };

  return (
    <header className={styles.header}>
      {isProductName && <BrandMark size={30} />}
      <h1 className={styles.heading}>
        <button type="button" className={`${styles.titleButton} ${isProductName ? styles.brand : styles.title}`} onClick={onTap} data-testid="header-title">
          {ripple && <span key={ripple.key} className={styles.ripple} style={{ left: ripple.x, top: ripple.y }} data-testid="ripple" />}
          {title}
        </button>
      </h1>
    </header>
  );
}
