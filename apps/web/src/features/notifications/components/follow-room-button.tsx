import { lazy, Suspense, useState } from 'react';
import { toast } from '@/lib/toast';
import { mayOfferNotifications } from '../api/push-subscription';
import { useFollowRoom, useRoomFollows } from '../api/room-follows';
import { notificationMessages as text } from '../messages';
import styles from './follow-room-button.module.css';

// Loaded only when it opens: a follow by a phone already asked never needs it.
const NotifyMeDialog = lazy(async () => ({ default: (await import('./notify-me-dialog')).NotifyMeDialog }));

function BellIcon({ on }: { on: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16z" fill="currentColor" fillOpacity={on ? 0.9 : 0.2} />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </svg>
  );
}

/**
 * A room card's 'Notify me' (docs/player-app.md, "Notifications"): follows the room, a push when
 * each of its shows opens its green room; pressed, it reads 'Following' and one tap stops. A
 * follow is a moment that gives notifications meaning: a phone not asked yet is offered them.
 */
export function FollowRoomButton({ room }: { room: { roomUuid: string; name: string } }) {
  const follows = useRoomFollows();
  const followRoom = useFollowRoom();
  const [asking, setAsking] = useState(false);
  const following = follows.data?.roomUuids.includes(room.roomUuid) ?? false;

  const toggle = () => {
    const follow = !following;
    followRoom.mutate(
      { roomUuid: room.roomUuid, follow },
      {
        onSuccess: () => {
          toast.success(follow ? text.followed(room.name) : text.unfollowed(room.name));
          if (follow) void mayOfferNotifications().then((may) => may && setAsking(true));
        },
        onError: () => toast.error(text.followFailed),
      },
    );
  };

  return (
    <>
      <button
        type="button"
        className={styles.follow}
        aria-pressed={following}
        aria-label={following ? text.followingName(room.name) : text.followName(room.name)}
        disabled={!follows.isSuccess}
        onClick={toggle}
      >
        <BellIcon on={following} />
        <span>{following ? text.following : text.follow}</span>
      </button>
      {asking && (
        <Suspense fallback={null}>
          <NotifyMeDialog body={text.askFollowBody(room.name)} onDone={() => setAsking(false)} />
        </Suspense>
      )}
    </>
  );
}
