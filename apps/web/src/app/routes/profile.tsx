import { nationalPhoneNumber } from '@ruthless/protocol/user';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { ArrowLeftIcon, PhoneIcon, UserIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '@/features/profile/api/get-profile';
import { EditDetailsModal } from '@/features/profile/components/edit-details-modal';
import { InviteFriend } from '@/features/profile/components/invite-friend';
import { MyShows } from '@/features/profile/components/my-shows';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { RealityCheckSettings } from '@/features/safety/components/reality-check-settings';
import { TakeABreak } from '@/features/safety/components/take-a-break';
import { YourData } from '@/features/safety/components/your-data';
import { useLogOut } from '@/hooks/use-log-out';
import { useSessionStore } from '@/stores/session-store';
import styles from './profile.module.css';

/**
 * The player's profile (docs/player-app.md): Username, Default Ruthless Choice and Phone number
 * from `GET /api/operator/user`, 'Edit Details' (the modal), 'Logout', 'Go Back', 'Invite a friend'
 * and 'My shows'.
 */
export function ProfileRoute() {
  const navigate = useNavigate();
  const playerUuid = useSessionStore((state) => state.playerUuid);
  const profile = useProfile(playerUuid);
  const [isEditing, setEditing] = useState(false);
  const { logOut, isSigningOut } = useLogOut();
  const goBack = () => {
    // Straight to the lobby when the profile was opened from a link or a refresh.
    if (window.history.state?.idx > 0) void navigate(-1);
    else void navigate('/');
  };
  const settings = profile.data;
  const choice = settings?.defaultChoice ?? null;

  return (
    <>
      <PageHeader eyebrow="Player card" title="Your Profile" />

      <Panel tone="gold" className={styles.card}>
        <div className={styles.avatar} aria-hidden="true">
          <UserIcon />
        </div>
        {!settings ? (
          <Spinner label="Loading your profile" />
        ) : (
          <dl className={styles.fields}>
            <div className={styles.field}>
              <dt>Username</dt>
              <dd className={settings.alias ? '' : styles.empty} data-testid="profile-alias">
                {settings.alias ?? 'Not set yet'}
              </dd>
            </div>
            <div className={styles.field}>
              <dt>Default Ruthless Choice</dt>
              <dd data-testid="profile-choice">
                <span className={styles.choice} data-choice={choice ?? 'none'}>
                  {choice !== 'steal' && <span className={styles.share}>Share</span>}
                  {choice === null && <span className={styles.or}>or</span>}
                  {choice !== 'share' && <span className={styles.steal}>Steal</span>}
                </span>
              </dd>
            </div>
            <div className={styles.field}>
              <dt>Phone number</dt>
              <dd className={settings.phoneNumber ? '' : styles.empty} data-testid="profile-phone">
                <PhoneIcon className={styles.inlineIcon} />
                {settings.phoneNumber ? nationalPhoneNumber(settings.phoneNumber) : 'Not set yet'}
              </dd>
            </div>
          </dl>
        )}
        <p className={styles.hint}>
          Your default choice is played for you if the final's clock runs out before you pick.
        </p>
      </Panel>

      <div className={styles.actions}>
        <Button variant="gold" size="lg" fullWidth disabled={!settings} onClick={() => setEditing(true)}>
          Edit Details
        </Button>
        <Button variant="ruby" fullWidth onClick={() => void logOut()} isLoading={isSigningOut}>
          Logout
        </Button>
        <Button variant="glass" fullWidth icon={<ArrowLeftIcon />} onClick={goBack}>
          Go Back
        </Button>
      </div>

      <InviteFriend />

      <MyShows />

      <RealityCheckSettings />
      <NotificationSettings />

      <TakeABreak />

      <YourData />

      {isEditing && settings && <EditDetailsModal settings={settings} onClose={() => setEditing(false)} />}
    </>
  );
}
