import type { ReactNode } from 'react';
import styles from './page-header.module.css';

export interface PageHeaderProps {
  title: ReactNode;
  /** A small line above the title ('Live now', 'Ticket office'…). */
  eyebrow?: ReactNode;
  children?: ReactNode;
}

/** A screen's title in the display font, with an optional kicker and intro line. */
export function PageHeader({ title, eyebrow, children }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
      <h1 className={styles.title}>{title}</h1>
      {children && <div className={styles.intro}>{children}</div>}
    </header>
  );
}
