import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Icon, type IconName } from './icon';
import styles from './list-section.module.css';

/** A titled group of rows on a rounded card (settings, menus). */
export function ListSection({
  title,
  footer,
  children,
  label,
}: {
  title?: string;
  footer?: ReactNode;
  children: ReactNode;
  label?: string;
}) {
  return (
    <section className={styles.section} aria-label={label ?? title}>
      {title && <h3 className={styles.title}>{title}</h3>}
      <ul className={styles.list}>{children}</ul>
      {footer && <p className={styles.footer}>{footer}</p>}
    </section>
  );
}

export interface ListRowProps {
  label: string;
  icon?: IconName;
  hint?: ReactNode;
  /** Shown on the right, e.g. a count or the current choice. */
  value?: ReactNode;
  /** A link row; otherwise a button row when `onClick` is given, else a static row. */
  to?: string;
  onClick?: () => void;
  /** Replaces the chevron, e.g. a switch. */
  trailing?: ReactNode;
  tone?: 'default' | 'destructive';
  testId?: string;
}

/** One row: icon, label (and hint), value, chevron; a link, a button or static content. */
export function ListRow({ label, icon, hint, value, to, onClick, trailing, tone = 'default', testId }: ListRowProps) {
  const className = `${styles.row} ${tone === 'destructive' ? styles.destructive : ''} ${!to && !onClick ? styles.static : ''}`;
  const content = (
    <>
      {icon && (
        <span className={styles.icon}>
          <Icon name={icon} size={19} />
        </span>
      )}
      <span className={styles.main}>
        <span className={styles.label}>{label}</span>
        {hint && <span className={styles.hint}>{hint}</span>}
      </span>
      {value !== undefined && value !== null && <span className={styles.value}>{value}</span>}
      {trailing ?? ((to || onClick) && <Icon name="chevron" size={18} className={styles.chevron} />)}
    </>
  );
  return (
    <li>
      {to ? (
        <Link to={to} className={className} data-testid={testId}>
          {content}
        </Link>
      ) : onClick ? (
        <button type="button" className={className} onClick={onClick} data-testid={testId}>
          {content}
        </button>
      ) : (
        <div className={className} data-testid={testId}>
          {content}
        </div>
      )}
    </li>
  );
}
