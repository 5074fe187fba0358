import type { ButtonHTMLAttributes } from 'react';
import styles from './button.module.css';

type Variant = 'primary' | 'secondary' | 'plain' | 'destructive';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** 'small' for a button inside a list row. */
  size?: 'regular' | 'small';
  wide?: boolean;
}

export function Button({ variant = 'primary', size = 'regular', wide = false, className = '', ...rest }: ButtonProps) {
  return (
    <button
      type="button"
      className={`${styles.button} ${styles[variant]} ${size === 'small' ? styles.small : ''} ${wide ? styles.wide : ''} ${className}`}
      {...rest}
    />
  );
}
