import { useState } from 'react';
import styles from './avatar.module.css';

export interface AvatarProps {
  /** The photo; without one (or when it fails to load) the letter is shown. */
  src: string | null | undefined;
  letter: string;
  size?: number;
  lazy?: boolean;
  /** E.g. the letter's font size. */
  className?: string;
}

/** A round photo, or a letter on the accent tint. */
export function Avatar({ src, letter, size = 44, lazy = false, className = '' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const style = { width: size, height: size };
  if (src && failed !== src)
    return (
      <img
        className={`${styles.avatar} ${className}`}
        style={style}
        src={src}
        alt=""
        loading={lazy ? 'lazy' : undefined}
        onError={() => setFailed(src)}
      />
    );
  return (
    <span className={`${styles.avatar} ${className}`} style={style} aria-hidden="true">
      {letter}
    </span>
  );
}
