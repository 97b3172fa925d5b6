import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import styles from './share-steal-slider.module.css';

export type Choice = 'share' | 'steal';

export interface ShareStealSliderProps {
  /** The choice set; null or undefined rests the thumb in the middle. */
  value: Choice | null | undefined;
  onChange: (choice: Choice) => void;
  disabled?: boolean;
  /** The slider's accessible name. */
  label?: string;
  id?: string;
  /** Outlined in red (a form's failed field). */
  invalid?: boolean;
}

/** How far (of the half-track) the thumb must travel to count as a choice. */
const THRESHOLD = 0.4;

/** Two halves of one coin: the pot split. */
export function ShareIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M11 3.5a8.5 8.5 0 0 0 0 17z" fill="currentColor" />
      <path d="M13 3.5a8.5 8.5 0 0 1 0 17z" fill="none" stroke="currentColor" strokeWidth="2.2" />
    </svg>
  );
}

/** A bag of pounds: the whole pot taken. */
export function StealIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M9 3h6l-1.6 3.2C17.5 7.6 20 11.6 20 15.5 20 19 17 21 12 21s-8-2-8-5.5c0-3.9 2.5-7.9 6.6-9.3z"
        fill="currentColor"
      />
      <text
        x="12"
        y="17.6"
        textAnchor="middle"
        fontSize="9"
        fontWeight="900"
        fill="#ffffff"
        fontFamily="Arial, sans-serif"
      >
        £
      </text>
    </svg>
  );
}

const position = (value: Choice | null | undefined) => (value === 'share' ? -1 : value === 'steal' ? 1 : 0);

/**
 * The one share/steal slider of the app (the details form, the profile modal and the final):
 * drag left to SHARE, right to STEAL; it rests in the middle while no choice is set and does
 * nothing when disabled. Pointer events cover mouse, pen and touch; the arrow keys, Home/End and
 * the two labels choose too. Announced as a slider whose value is the choice.
 */
export function ShareStealSlider({
  value,
  onChange,
  disabled = false,
  label = 'Share or steal',
  id,
  invalid = false,
}: ShareStealSliderProps) {
  const track = useRef<HTMLDivElement>(null);
  const [drag, setDragState] = useState<number | null>(null);
  // The release reads the latest position from here: pointer moves render at a lower priority, so
  // the handler's `drag` may lag behind the last move.
  const latest = useRef<number | null>(null);
  const setDrag = (next: number | null) => {
    latest.current = next;
    setDragState(next);
  };
  const shown = drag ?? position(value);

  // Where the pointer is on the track, -1 (share end) to 1 (steal end).
  const fromPointer = (event: PointerEvent) => {
    const box = track.current?.getBoundingClientRect();
    if (!box) return 0;
    const half = box.width / 2;
    return Math.max(-1, Math.min(1, (event.clientX - (box.left + half)) / (half * 0.82)));
  };

  const choose = (choice: Choice) => {
    if (!disabled && choice !== value) onChange(choice);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    setDrag(fromPointer(event));
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (latest.current === null || disabled) return;
    setDrag(fromPointer(event));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (latest.current === null) return;
    const released = fromPointer(event);
    setDrag(null);
    if (released <= -THRESHOLD) choose('share');
    else if (released >= THRESHOLD) choose('steal');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (disabled) return;
    if (event.key === 'ArrowLeft' || event.key === 'ArrowDown' || event.key === 'Home') {
      event.preventDefault();
      choose('share');
    } else if (event.key === 'ArrowRight' || event.key === 'ArrowUp' || event.key === 'End') {
      event.preventDefault();
      choose('steal');
    }
  };

  return (
    <div
      className={[styles.slider, disabled ? styles.disabled : '', invalid ? styles.invalid : ''].join(' ')}
      data-choice={value ?? 'none'}
    >
      <button
        type="button"
        className={[styles.end, styles.share, value === 'share' ? styles.on : ''].join(' ')}
        onClick={() => choose('share')}
        disabled={disabled}
        aria-pressed={value === 'share'}
        tabIndex={-1}
      >
        <ShareIcon /> Share
      </button>
      <div
        ref={track}
        id={id}
        className={styles.track}
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        aria-orientation="horizontal"
        aria-valuemin={-1}
        aria-valuemax={1}
        aria-valuenow={position(value)}
        aria-valuetext={value ?? 'Not chosen'}
        aria-disabled={disabled || undefined}
        aria-invalid={invalid || undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(null)}
        onKeyDown={onKeyDown}
      >
        <span className={styles.fillShare} style={{ opacity: Math.max(0, -shown) }} aria-hidden="true" />
        <span className={styles.fillSteal} style={{ opacity: Math.max(0, shown) }} aria-hidden="true" />
        <span className={styles.hint} aria-hidden="true">
          ‹ drag ›
        </span>
        <span
          className={[styles.thumb, drag !== null ? styles.dragging : ''].join(' ')}
          style={{ left: `${50 + shown * 41}%` }}
          aria-hidden="true"
        >
          {value === 'share' ? <ShareIcon /> : value === 'steal' ? <StealIcon /> : '?'}
        </span>
      </div>
      <button
        type="button"
        className={[styles.end, styles.steal, value === 'steal' ? styles.on : ''].join(' ')}
        onClick={() => choose('steal')}
        disabled={disabled}
        aria-pressed={value === 'steal'}
        tabIndex={-1}
      >
        Steal <StealIcon />
      </button>
    </div>
  );
}
