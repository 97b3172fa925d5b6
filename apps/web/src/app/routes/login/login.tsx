import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { LandingFooter } from './landing-footer';
import { Marketing } from './marketing';
import styles from './login.module.css';

// The parts that wait on the network (the rooms, the session check) load their code meanwhile: the
// first paint needs neither the forms (react-hook-form, zod, Better Auth's client) nor the carousel
// (docs/web-quality.md, JavaScript per route). The privacy policy is read by few.
const LoginFormArea = lazy(async () => ({
  default: (await import('@/features/auth/components/login-form-area')).LoginFormArea,
}));
const PrivacyPolicy = lazy(async () => ({ default: (await import('./privacy-policy')).PrivacyPolicy }));
const UpcomingShows = lazy(async () => ({
  default: (await import('@/features/auth/components/upcoming-shows')).UpcomingShows,
}));

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
          <Suspense
            fallback={
              <div className={styles.checking}>
                <Spinner label="Checking your session" />
              </div>
            }
          >
            <LoginFormArea />
          </Suspense>
        </Panel>
      )}

      <Marketing />
      <LandingFooter />
    </div>
  );
}
