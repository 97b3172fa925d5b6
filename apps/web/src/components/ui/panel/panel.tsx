import type { HTMLAttributes } from 'react';
import styles from './panel.module.css';

export interface PanelProps extends HTMLAttributes<HTMLElement> {
  as?: 'section' | 'div' | 'article' | 'aside';
  tone?: 'glass' | 'gold';
}

/** A card on top of the theme gradient: frosted glass, or gold-rimmed for what matters most. */
export function Panel({ as: Tag = 'section', tone = 'glass', className, ...rest }: PanelProps) {
  return <Tag className={[styles.panel, styles[tone], className].filter(Boolean).join(' ')} {...rest} />;
}
