import { format } from '@/lib/dates';
import { useState } from 'react';
import type { Room } from '@ruthless/protocol';
import { Carousel } from '@/components/ui/carousel';
import { nextShowStart } from '@/lib/next-show';
import { serverNow } from '@/stores/server-clock-store';
import styles from './upcoming-shows.module.css';

/** The landing's rooms in the app's carousel, starting on the middle room. */
export function ShowsCarousel({ rooms }: { rooms: Room[] }) {
  const [now] = useState(serverNow);
  return (
    <Carousel
      items={rooms}
      itemKey={(room) => room.roomUuid}
      itemName={(room) => room.name}
      tabLabel={(room) => `Show ${room.name}`}
      labelledBy="upcoming-shows-title"
      heading={
        <h2 id="upcoming-shows-title" className={styles.title}>
          Upcoming Shows
        </h2>
      }
      pickerLabel="Choose a show"
      previousLabel="Previous show"
      nextLabel="Next show"
      startIndex={Math.floor(rooms.length / 2)}
      className={styles.shows}
      slideClassName={styles.slide}
      selectedSlideClassName={styles.selected}
      renderSlide={(room) => {
        const next = nextShowStart(room, now);
        return (
          <article className={styles.card} data-theme={room.theme}>
            <img className={styles.image} src={room.roomImage} alt="" loading="lazy" draggable={false} />
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
        );
      }}
    />
  );
}
