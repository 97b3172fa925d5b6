import type { ReactNode, Ref } from 'react';
import styles from './titled-section.module.css';

export interface TitledSectionProps {
  /** The heading's id: the section is named by its title. */
  titleId: string;
  title: ReactNode;
  id?: string;
  ref?: Ref<HTMLElement>;
  children: ReactNode;
}

/** A section of a long screen (the profile's) under a gold title, named by that title. */
export function TitledSection({ titleId, title, id, ref, children }: TitledSectionProps) {
  return (
    <section id={id} ref={ref} className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
    </section>
  );
}
