import { format } from 'date-fns';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState } from 'react';
import type { Room } from '@ruthless/protocol';
import { SWIPE_THRESHOLD_PX, useSwipeThreshold } from '@/hooks/use-swipe-threshold';
import { useUpcomingShows } from '../api/get-upcoming-shows';
import styles from './upcoming-shows.module.css';

function nextShow(room: Room, now: number): Date | null {
  const upcoming = room.games
    .filter((game) => !game.hasGameStarted && Date.parse(game.gameStartTime) > now)
    .map((game) => Date.parse(game.gameStartTime))
    .sort((a, b) => a - b);
  return upcoming.length > 0 ? new Date(upcoming[0]!) : null;
}

/**
 * 'Upcoming Shows' on the landing: one card per room (image, name, next show), shown only when
 * rooms exist, starting on the middle room.
 */
export function UpcomingShows() {
  const { data: rooms, isPending } = useUpcomingShows();
  // Holds the carousel's place while the rooms load, so the form below does not jump down.
  if (isPending) return <div className={styles.placeholder} aria-hidden="true" />;
  if (!rooms || rooms.length === 0) return null;
  return <ShowsCarousel rooms={rooms} />;
}

function ShowsCarousel({ rooms }: { rooms: Room[] }) {
  const middle = Math.floor(rooms.length / 2);
  const [viewportRef, emblaApi] = useEmblaCarousel({
    startIndex: middle,
    align: 'center',
    containScroll: false,
    // Embla's threshold only separates taps from drags; useSwipeThreshold makes 75 px a swipe.
    dragThreshold: SWIPE_THRESHOLD_PX,
  });
  const [selected, setSelected] = useState(middle);
  const [now] = useState(() => Date.now());
  useSwipeThreshold(emblaApi);

  useEffect(() => {
    if (!emblaApi) return;
    const onSelect = () => setSelected(emblaApi.selectedScrollSnap());
    emblaApi.on('select', onSelect);
    return () => {
      emblaApi.off('select', onSelect);
    };
  }, [emblaApi]);

  const scrollTo = useCallback((index: number) => emblaApi?.scrollTo(index), [emblaApi]);

  return (
    <section className={styles.shows} aria-labelledby="upcoming-shows-title" aria-roledescription="carousel">
      <h2 id="upcoming-shows-title" className={styles.title}>
        Upcoming Shows
      </h2>
      <div className={styles.viewport} ref={viewportRef}>
        <ul className={styles.track}>
          {rooms.map((room, index) => {
            const next = nextShow(room, now);
            return (
              <li
                key={room.roomUuid}
                className={[styles.slide, index === selected ? styles.selected : ''].join(' ')}
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${rooms.length}: ${room.name}`}
                aria-current={index === selected || undefined}
                data-theme={room.theme}
              >
                <article className={styles.card}>
                  <img
                    className={styles.image}
                    src={room.roomImage}
                    alt=""
                    loading="lazy"
                    draggable={false}
                  />
                  <div className={styles.caption}>
                    <h3 className={styles.name}>{room.name}</h3>
                    <p className={styles.when}>
                      {next ? (
                        <>
                          <span className={styles.next}>Next show</span>
                          <time dateTime={next.toISOString()}>{format(next, 'EEE d MMM, h:mmaaa')}</time>
                        </>
                      ) : (
                        'No Scheduled Games'
                      )}
                    </p>
                  </div>
                </article>
              </li>
            );
          })}
        </ul>
      </div>
      <div className={styles.dots}>
        {rooms.map((room, index) => (
          <button
            key={room.roomUuid}
            type="button"
            className={[styles.dot, index === selected ? styles.dotActive : ''].join(' ')}
            aria-label={`Show ${room.name}`}
            aria-pressed={index === selected}
            onClick={() => scrollTo(index)}
          />
        ))}
      </div>
    </section>
  );
}
