import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import { useDesk } from '../desk';
import { Spinner } from '../spinner';
import styles from './button.module.css';

// The sounds' code loads with the first click (howler after it, as it would anyway), not with the
// entry every first screen waits for (docs/web-quality.md, JavaScript per route).
const playClick = () => void import('@/lib/sound').then((sound) => sound.playClick());

export type ButtonVariant = 'gold' | 'ruby' | 'emerald' | 'glass';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
  icon?: ReactNode;
}

function buttonClassName({ variant = 'gold', size = 'md', fullWidth }: StyleProps, extra?: string): string {
  return [styles.button, styles[variant], styles[size], fullWidth && styles.fullWidth, extra]
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, StyleProps {
  /** Shows the spinner with 'Loading...' and blocks clicks. */
  isLoading?: boolean;
}

/**
 * The show's chunky button: a raised face that presses down, with the click sound (silent in the
 * host console's DeskTheme).
 */
export function Button({
  variant,
  size,
  fullWidth,
  icon,
  isLoading = false,
  disabled,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const desk = useDesk();
  return (
    <button
      type={type}
      className={buttonClassName({ variant, size, fullWidth }, className)}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      onClick={(event) => {
        if (!desk) playClick();
        onClick?.(event);
      }}
      {...rest}
    >
      {isLoading ? (
        <>
          <Spinner size={size === 'lg' ? 28 : size === 'sm' ? 16 : 22} label="Loading" />
          <span>Loading...</span>
        </>
      ) : (
        <>
          {icon && (
            <span className={styles.icon} aria-hidden="true">
              {icon}
            </span>
          )}
          {children}
        </>
      )}
    </button>
  );
}

export interface LinkButtonProps extends LinkProps, StyleProps {}

/** A link that looks like a Button, for moves between screens. */
export function LinkButton({
  variant,
  size,
  fullWidth,
  icon,
  className,
  children,
  onClick,
  ...rest
}: LinkButtonProps) {
  const desk = useDesk();
  return (
    <Link
      className={buttonClassName({ variant, size, fullWidth }, className)}
      onClick={(event) => {
        if (!desk) playClick();
        onClick?.(event);
      }}
      {...rest}
    >
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      {children}
    </Link>
  );
}
