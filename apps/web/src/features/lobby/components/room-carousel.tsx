import useEmblaCarousel from 'embla-carousel-react';
import { format } from 'date-fns';
import { useEffect } from 'react';
import type { Room } from '@ruthless/protocol';
import { useSwipeThreshold } from '@/hooks/use-swipe-threshold';
import styles from './room-carousel.module.css';

export interface RoomCarouselProps {
  rooms: Room[];
  selectedIndex: number;
  onSelect: (index: number) => void;
}

/** The next game of a room that has not started, for the card's "Next show" line. */
function nextShow(room: Room): string | null {
  const next = room.games.find((game) => !game.hasGameStarted);
  return next ? format(new Date(next.gameStartTime), 'h:mma') : null;
}

/**
 * The lobby's rooms, one card each, swiped sideways (embla). The card in the centre is the
 * selected room: highlighted, and its dot lit.
 */
export function RoomCarousel({ rooms, selectedIndex, onSelect }: RoomCarouselProps) {
  const [viewportRef, embla] = useEmblaCarousel({
    align: 'center',
    containScroll: false,
    startIndex: selectedIndex,
  });
  useSwipeThreshold(embla);

  useEffect(() => {
    if (!embla) return;
    const select = () => onSelect(embla.selectedScrollSnap());
    embla.on('select', select);
    return () => {
      embla.off('select', select);
    };
  }, [embla, onSelect]);

  // Follows a selection made elsewhere (a dot, a card tapped, the stored room on return).
  useEffect(() => {
    if (embla && embla.selectedScrollSnap() !== selectedIndex) embla.scrollTo(selectedIndex);
  }, [embla, selectedIndex]);

  return (
    <section className={styles.carousel} aria-roledescription="carousel" aria-label="Rooms">
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.container}>
          {rooms.map((room, index) => {
            const selected = index === selectedIndex;
            const next = nextShow(room);
            const live = room.games.some((game) => game.hasGameStarted);
            return (
              <div
                key={room.roomUuid}
                className={styles.slide}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${rooms.length}`}
              >
                <button
                  type="button"
                  className={[styles.card, selected ? styles.selected : ''].join(' ')}
                  aria-pressed={selected}
                  aria-label={room.name}
                  data-room-uuid={room.roomUuid}
                  onClick={() => (embla ? embla.scrollTo(index) : onSelect(index))}
                >
                  <img className={styles.image} src={room.roomImage} alt="" draggable={false} />
                  <span className={styles.shade} aria-hidden="true" />
                  {live && <span className={styles.live}>Live</span>}
                  <span className={styles.caption}>
                    <span className={styles.name}>{room.name}</span>
                    <span className={styles.next}>
                      {next ? `Next show ${next}` : room.games.length ? 'On air now' : 'No shows yet'}
                    </span>
                  </span>
                </button>
              </div>
            );
          })}
        </div>
      </div>
      <div className={styles.dots} role="tablist" aria-label="Choose a room">
        {rooms.map((room, index) => (
          <button
            key={room.roomUuid}
            type="button"
            role="tab"
            aria-selected={index === selectedIndex}
            aria-label={room.name}
            className={[styles.dot, index === selectedIndex ? styles.dotActive : ''].join(' ')}
            onClick={() => (embla ? embla.scrollTo(index) : onSelect(index))}
          />
        ))}
      </div>
    </section>
  );
}
