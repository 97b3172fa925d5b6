import { lazy, Suspense } from 'react';
import { useRooms } from '@/api/get-rooms';
import styles from './upcoming-shows.module.css';

// The carousel (and embla) load beside the rooms request, not with /login's first JavaScript.
const ShowsCarousel = lazy(() =>
  import('./shows-carousel').then(({ ShowsCarousel }) => ({ default: ShowsCarousel })),
);

/**
 * 'Upcoming Shows' on the landing: one card per room (image, name, next show), shown only when
 * rooms exist, starting on the middle room.
 */
export function UpcomingShows() {
  const { data: rooms, isPending } = useRooms();
  // Holds the carousel's place while the rooms (or the carousel) load, so the form below does not jump down.
  const placeholder = <div className={styles.placeholder} aria-hidden="true" />;
  if (isPending) return placeholder;
  if (!rooms || rooms.length === 0) return null;
  return (
    <Suspense fallback={placeholder}>
      <ShowsCarousel rooms={rooms} />
    </Suspense>
  );
}
