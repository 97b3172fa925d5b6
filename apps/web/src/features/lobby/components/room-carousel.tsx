import type { ReactNode } from 'react';
import { format } from '@/lib/dates';
import type { Room } from '@ruthless/protocol';
import { Carousel } from '@/components/ui/carousel';
import { nextShowStart } from '@/lib/next-show';
import styles from './room-carousel.module.css';

export interface RoomCarouselProps {
  rooms: Room[];
  selectedIndex: number;
  onSelect: (index: number) => void;
  /** A control on each card beside its own tap (the lobby's follow button), over its top left. */
  cardAction?: (room: Room) => ReactNode;
}

/**
 * The lobby's rooms, one card each, swiped sideways. The card in the centre is the selected
 * room: highlighted, and its dot lit.
 */
export function RoomCarousel({ rooms, selectedIndex, onSelect, cardAction }: RoomCarouselProps) {
  return (
    <Carousel
      items={rooms}
      itemKey={(room) => room.roomUuid}
      itemName={(room) => room.name}
      label="Rooms"
      pickerLabel="Choose a room"
      previousLabel="Previous room"
      nextLabel="Next room"
      selectedIndex={selectedIndex}
      onSelect={onSelect}
      className={styles.carousel}
      renderSlide={(room, { selected, select }) => {
        const next = nextShowStart(room);
        const live = room.games.some((game) => game.hasGameStarted && game.state !== 'ended');
        const card = (
          <button
            type="button"
            className={[styles.card, selected ? styles.selected : ''].join(' ')}
            aria-pressed={selected}
            data-room-uuid={room.roomUuid}
            onClick={select}
          >
            <img className={styles.image} src={room.roomImage} alt="" draggable={false} />
            <span className={styles.shade} aria-hidden="true" />
            {/* Named by what it shows ('Ruby Rush Next show 7:00PM'), so a voice command of the
                visible words finds it; the spaces keep the words apart in that name. */}
            {live && <span className={styles.live}>Live</span>}{' '}
            <span className={styles.caption}>
              <span className={styles.name}>{room.name}</span>{' '}
              <span className={styles.next}>
                {next
                  ? `Next show ${format(next, 'h:mma')}`
                  : room.games.length
                    ? 'On air now'
                    : 'No shows yet'}
              </span>
            </span>
          </button>
        );
        if (!cardAction) return card;
        // Beside the card's button, not in it (no button in a button), scaled with the card.
        return (
          <div className={styles.slide}>
            {card}
            <div className={[styles.action, selected ? styles.actionSelected : ''].join(' ')}>
              {cardAction(room)}
            </div>
          </div>
        );
      }}
    />
  );
}
