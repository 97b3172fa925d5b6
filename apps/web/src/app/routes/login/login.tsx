import { Link, useSearchParams } from 'react-router';
import { Logo } from '@/components/ui/logo';
import { Panel } from '@/components/ui/panel';
import { LoginFormArea } from '@/features/auth/components/login-form-area';
import { UpcomingShows } from '@/features/auth/components/upcoming-shows';
import { LandingFooter } from './landing-footer';
import { Marketing } from './marketing';
import { PrivacyPolicy } from './privacy-policy';
import styles from './login.module.css';

/**
 * The landing page (docs/player-app.md, Screens): the show's logo and promise, the test-show notice, the
 * 'Upcoming Shows' carousel, the auth form with Google, the marketing copy and the footer.
 * `?privacy-policy=1` swaps the carousel and form area for the privacy policy.
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

      {showPrivacyPolicy ? (
        <Panel tone="gold" className={styles.formArea} aria-labelledby="privacy-policy-title">
          <PrivacyPolicy titleId="privacy-policy-title" />
          <Link to="/login" className={styles.back} replace>
            Back to sign in
          </Link>
        </Panel>
      ) : (
        <>
          <UpcomingShows />
          <Panel tone="gold" className={styles.formArea} aria-label="Sign in or sign up">
            <LoginFormArea />
          </Panel>
        </>
      )}

      <Marketing />
      <LandingFooter />
    </div>
  );
}
