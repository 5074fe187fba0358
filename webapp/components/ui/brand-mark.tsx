import styles from './brand-mark.module.css';

/** The product's emblem (a planet with an orbit) in the theme's accent colour; neutral on purpose. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg className={styles.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <circle cx="16" cy="16" r="7.5" fill="currentColor" />
      <ellipse
        cx="16"
        cy="16"
        rx="14"
        ry="5.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        opacity="0.55"
        transform="rotate(-28 16 16)"
      />
      <circle cx="27.2" cy="10" r="2.2" fill="currentColor" />
    </svg>
  );
}
