import { INVITE_SHARE_TEXT } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { Panel } from '@/components/ui/panel';
import { TitledSection } from '@/components/ui/titled-section';
import { Spinner } from '@/components/ui/spinner';
import { shareLink } from '@/lib/share-link';
import { useSessionStore } from '@/stores/session-store';
import { useInvite } from '../api/get-invite';
import styles from './invite-friend.module.css';

export const INVITE_COPIED = 'The link is copied: paste it to invite a friend.';
export const INVITE_NOT_COPIED = 'The link could not be copied. Please try again.';

/** "3 friends joined", "1 friend joined", or none yet. */
export function friendsJoinedText(count: number): string {
  if (count === 0) return 'No friends have joined yet';
  return count === 1 ? '1 friend joined' : `${count} friends joined`;
}

/**
 * The profile's 'Invite a friend' (docs/player-app.md): the player's invite link, shared like the
 * results (the phone's share sheet, else copied), and how many friends signed up through it.
 * A count only: an invite is never rewarded.
 */
export function InviteFriend() {
  const playerUuid = useSessionStore((state) => state.playerUuid);
  const invite = useInvite(playerUuid);

  return (
    <TitledSection titleId="invite-title" title="Invite a friend">
      <Panel tone="gold" className={styles.panel}>
        {invite.isPending ? (
          <Spinner label="Loading your invite link" />
        ) : invite.isError ? (
          <p className={styles.note}>Your invite link could not be loaded. Please try again later.</p>
        ) : (
          <>
            <p className={styles.lead}>Invite your friends</p>
            <p className={styles.link} data-testid="invite-link">
              {invite.data.url}
            </p>
            <Button
              variant="gold"
              fullWidth
              onClick={() =>
                void shareLink(
                  { title: 'Ruthless', text: INVITE_SHARE_TEXT, url: invite.data.url },
                  { copied: INVITE_COPIED, notCopied: INVITE_NOT_COPIED },
                )
              }
            >
              Share your invite
            </Button>
            <p className={styles.count} data-testid="invite-count">
              {friendsJoinedText(invite.data.friendsJoined)}
            </p>
          </>
        )}
      </Panel>
    </TitledSection>
  );
}
