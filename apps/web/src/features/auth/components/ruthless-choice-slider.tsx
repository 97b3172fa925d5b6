import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { RuthlessChoice } from '@ruthless/protocol';
import styles from './ruthless-choice-slider.module.css';

export interface RuthlessChoiceSliderProps {
  value: RuthlessChoice | undefined | null;
  onChange: (choice: RuthlessChoice) => void;
  disabled?: boolean;
  id?: string;
  invalid?: boolean;
}

/** How far (px) the knob must travel to pick a side. */
const PICK_DISTANCE = 24;

/**
 * The share/steal slider (SPEC.md §4): drag left for 'share', right for 'steal'; it rests in the
 * middle while nothing is chosen. Tapping a side or the arrow keys choose too.
 */
export function RuthlessChoiceSlider({ value, onChange, disabled, id, invalid }: RuthlessChoiceSliderProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; pointerId: number } | null>(null);
  const [offset, setOffset] = useState(0);

  const position = value === 'share' ? 'left' : value === 'steal' ? 'right' : 'middle';

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled) return;
    drag.current = { startX: event.clientX, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current || drag.current.pointerId !== event.pointerId) return;
    const half = (trackRef.current?.clientWidth ?? 200) / 2;
    setOffset(Math.max(-half, Math.min(half, event.clientX - drag.current.startX)));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const moved = event.clientX - drag.current.startX;
    drag.current = null;
    setOffset(0);
    if (moved <= -PICK_DISTANCE) onChange('share');
    else if (moved >= PICK_DISTANCE) onChange('steal');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      onChange('share');
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      onChange('steal');
    }
  };

  return (
    <div
      className={[
        styles.slider,
        styles[position],
        disabled ? styles.disabled : '',
        invalid ? styles.invalid : '',
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <button
        type="button"
        className={[styles.side, styles.share].join(' ')}
        onClick={() => onChange('share')}
        disabled={disabled}
        aria-pressed={value === 'share'}
      >
        Share
      </button>
      <div ref={trackRef} className={styles.track}>
        <div
          id={id}
          role="slider"
          tabIndex={disabled ? -1 : 0}
          aria-label="Default ruthless choice"
          aria-valuemin={-1}
          aria-valuemax={1}
          aria-valuenow={value === 'share' ? -1 : value === 'steal' ? 1 : 0}
          aria-valuetext={value ?? 'Not chosen'}
          aria-disabled={disabled || undefined}
          aria-invalid={invalid || undefined}
          className={styles.knob}
          style={offset ? { translate: `${offset}px 0`, transition: 'none' } : undefined}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            drag.current = null;
            setOffset(0);
          }}
          onKeyDown={onKeyDown}
        >
          <span aria-hidden="true">{value === 'share' ? '🤝' : value === 'steal' ? '💰' : '⇆'}</span>
        </div>
      </div>
      <button
        type="button"
        className={[styles.side, styles.steal].join(' ')}
        onClick={() => onChange('steal')}
        disabled={disabled}
        aria-pressed={value === 'steal'}
      >
        Steal
      </button>
    </div>
  );
}
