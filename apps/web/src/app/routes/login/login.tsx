import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoginFormArea } from '@/features/auth/components/login-form-area';
import { Logo } from '@/components/ui/logo';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import styles from './login.module.css';

// The form area comes with the page, its fields plain inputs: what checks and sends them (zod,
// Better Auth's client) loads once a form is touched. Nothing else here holds the email field
// back: the carousel waits on the rooms and loads its code meanwhile, the marketing copy and the
// footer come after the form below it, the privacy policy is read by few (docs/web-quality.md,
// JavaScript per route).
const PrivacyPolicy = lazy(async () => ({ default: (await import('./privacy-policy')).PrivacyPolicy }));
const UpcomingShows = lazy(async () => ({
  default: (await import('@/features/auth/components/upcoming-shows')).UpcomingShows,
}));
const Marketing = lazy(async () => ({ default: (await import('./marketing')).Marketing }));
const LandingFooter = lazy(async () => ({ default: (await import('./landing-footer')).LandingFooter }));

/**
 * The landing page (docs/player-app.md, Screens): the show's logo and promise, the test-show notice, the
 * 'Upcoming Shows' carousel, the auth form with Google, the marketing copy and the footer.
 * `?privacy-policy=1` puts the privacy policy in the form area's place; the upcoming shows stay.
 */
export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const showPrivacyPolicy = searchParams.get('privacy-policy') === '1';

  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <p className={styles.eyebrow}>
          <span className={styles.onAir} aria-hidden="true" />
          Live bingo game show
        </p>
        <h1 className={styles.logoHeading}>
          <Logo className={styles.logo} />
        </h1>
        <p className={styles.tagline}>
          Ninety balls, one live host, and a final where you decide:{' '}
          <strong className={styles.share}>share</strong> the pot or{' '}
          <strong className={styles.steal}>steal</strong> the lot.
        </p>
      </header>

      <aside className={styles.notice} aria-label="Test shows">
        <span className={styles.noticeBadge} aria-hidden="true">
          Test
        </span>
        <p>
          <strong>Every show is a free test.</strong> Tickets cost nothing and there are no real prizes: no
          money is paid in or out.
        </p>
      </aside>

      <Suspense fallback={<div className={styles.showsPlaceholder} aria-hidden="true" />}>
        <UpcomingShows />
      </Suspense>
      {showPrivacyPolicy ? (
        <Panel tone="gold" className={styles.formArea} aria-labelledby="privacy-policy-title">
          <Suspense fallback={<Spinner />}>
            <PrivacyPolicy titleId="privacy-policy-title" />
          </Suspense>
          <Link to="/login" className={styles.back} replace>
            Back to sign in
          </Link>
        </Panel>
      ) : (
        <Panel tone="gold" className={styles.formArea} aria-label="Sign in or sign up">
          <LoginFormArea />
        </Panel>
      )}

      <Suspense>
        <Marketing />
        <LandingFooter />
      </Suspense>
    </div>
  );
}
