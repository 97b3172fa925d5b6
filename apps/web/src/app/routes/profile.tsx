import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ArrowLeftIcon, PhoneIcon, UserIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import styles from './profile.module.css';

/**
 * The player's profile frame. The profile issue fills the values from the default user settings
 * and wires 'Edit Details' (the modal) and 'Logout'.
 */
export function ProfileRoute() {
  const navigate = useNavigate();
  const goBack = () => {
    // Straight to the lobby when the profile was opened from a link or a refresh.
    if (window.history.state?.idx > 0) void navigate(-1);
    else void navigate('/');
  };

  return (
    <>
      <PageHeader eyebrow="Player card" title="Your Profile" />

      <Panel tone="gold" className={styles.card}>
        <div className={styles.avatar} aria-hidden="true">
          <UserIcon />
        </div>
        <dl className={styles.fields}>
          <div className={styles.field}>
            <dt>Username</dt>
            <dd className={styles.empty}>Not set yet</dd>
          </div>
          <div className={styles.field}>
            <dt>Default Ruthless Choice</dt>
            <dd>
              <span className={styles.choice}>
                <span className={styles.share}>Share</span>
                <span className={styles.or}>or</span>
                <span className={styles.steal}>Steal</span>
              </span>
            </dd>
          </div>
          <div className={styles.field}>
            <dt>Phone number</dt>
            <dd className={styles.empty}>
              <PhoneIcon className={styles.inlineIcon} />
              Not set yet
            </dd>
          </div>
        </dl>
        <p className={styles.hint}>
          Your default choice is played for you if the final's clock runs out before you pick.
        </p>
      </Panel>

      <div className={styles.actions}>
        <Button variant="gold" size="lg" fullWidth disabled title="Sign in to edit your details">
          Edit Details
        </Button>
        <Button variant="ruby" fullWidth disabled title="Sign in first">
          Logout
        </Button>
        <Button variant="glass" fullWidth icon={<ArrowLeftIcon />} onClick={goBack}>
          Go Back
        </Button>
      </div>
    </>
  );
}
