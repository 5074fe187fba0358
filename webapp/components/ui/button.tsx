import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'plain' | 'destructive';

export function Button({ variant = 'primary', wide = false, className = '', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; wide?: boolean }) {
  return <button type="button" className={`${styles.button} ${styles[variant]} ${wide ? styles.wide : ''} ${className}`} {...rest} />;
}
