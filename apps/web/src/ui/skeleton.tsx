import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

type Size = CSSProperties['width'];

/** A placeholder block while data loads. Hidden from assistive technology; mark the region aria-busy. */
export function Skeleton({ width = '100%', height = '1rem', radius, className }: { width?: Size; height?: Size; radius?: Size; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={[styles.skeleton, className].filter(Boolean).join(' ')}
      style={{ width, height, borderRadius: radius }}
    />
  );
}

/** Lines of text still loading; the last one shorter, like a paragraph. */
export function SkeletonText({ lines = 3 }: { lines?: number }) {
  return (
    <span className={styles.lines} aria-hidden="true">
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className={`${styles.skeleton} ${styles.text}`} style={{ width: i === lines - 1 && lines > 1 ? '60%' : '100%' }} />
      ))}
    </span>
  );
}
