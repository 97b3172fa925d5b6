import { Button } from '@/components/ui/button';
import styles from './crash-screen.module.css';

/** The error as text for the trace box: the stack when there is one, else whatever was thrown. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const head = `${error.name}: ${error.message}`;
    const stack = error.stack ?? '';
    // V8 stacks start with the message; Firefox and Safari stacks do not.
    return stack.startsWith(head) || stack.includes(error.message) ? stack || head : `${head}\n${stack}`;
  }
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error, null, 2) ?? String(error);
  } catch {
    return String(error);
  }
}

export interface CrashScreenProps {
  error: unknown;
  /** An area's crash (lobby, game, profile): a card inside the app's frame, so the menu still works. */
  area?: string;
}

/** What a player sees when the app breaks: an apology, a way out, and the trace for support (docs/player-app.md, Screens). */
export function CrashScreen({ error, area }: CrashScreenProps) {
  const Tag = area ? 'section' : 'main';
  return (
    <Tag
      className={[styles.screen, area ? styles.area : ''].join(' ')}
      role="alert"
      aria-labelledby="crash-title"
      data-area={area}
    >
      <div className={styles.card}>
        <svg className={styles.icon} viewBox="0 0 64 64" aria-hidden="true">
          <defs>
            <radialGradient id="crash-bulb" cx="0.4" cy="0.35" r="0.7">
              <stop offset="0" stopColor="#ffd0da" />
              <stop offset="0.5" stopColor="#ff3d6e" />
              <stop offset="1" stopColor="#8a0a2a" />
            </radialGradient>
          </defs>
          <circle cx="32" cy="32" r="28" fill="url(#crash-bulb)" stroke="#2a0212" strokeWidth="3" />
          <path d="M32 16 v20" stroke="#fff" strokeWidth="6" strokeLinecap="round" />
          <circle cx="32" cy="46" r="3.8" fill="#fff" />
        </svg>
        <h1 id="crash-title" className={styles.title}>
          Ooops! Something went wrong.
        </h1>
        <p className={styles.text}>Please refresh. If this problem persist please contact administrator.</p>
        <Button variant="gold" size="lg" onClick={() => window.location.reload()}>
          Refresh
        </Button>
        <details className={styles.details} open>
          <summary>Error trace</summary>
          <pre className={styles.trace} tabIndex={0} aria-label="Error trace">
            {describeError(error)}
          </pre>
        </details>
      </div>
    </Tag>
  );
}
