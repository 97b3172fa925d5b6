import useEmblaCarousel from 'embla-carousel-react';
import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { SWIPE_THRESHOLD_PX, useSwipeThreshold } from '@/hooks/use-swipe-threshold';
import styles from './carousel.module.css';

/** What a slide is told when drawn. */
export interface CarouselSlide {
  index: number;
  /** The slide in the centre. */
  selected: boolean;
  /** Brings this slide to the centre. */
  select: () => void;
}

export interface CarouselProps<Item> {
  items: readonly Item[];
  itemKey: (item: Item) => string;
  /** The slide's name: its label reads "2 of 5: {name}", and its picker's tab is named by it. */
  itemName: (item: Item) => string;
  /** The picker tab's name, when not the item's name. */
  tabLabel?: (item: Item) => string;
  /** The carousel's accessible name (or `labelledBy`, the id of a visible heading). */
  label?: string;
  labelledBy?: string;
  /** Drawn above the slides (a visible title). */
  heading?: ReactNode;
  /** The name of the row of dots (a tablist) that picks a slide. */
  pickerLabel: string;
  previousLabel: string;
  nextLabel: string;
  /** Controlled: the slide in the centre, followed when it changes elsewhere. */
  selectedIndex?: number;
  /** Uncontrolled: the slide to start on. */
  startIndex?: number;
  onSelect?: (index: number) => void;
  renderSlide: (item: Item, slide: CarouselSlide) => ReactNode;
  className?: string;
  slideClassName?: string;
  selectedSlideClassName?: string;
  style?: CSSProperties;
}

const FOCUSABLE = 'button, a[href], input, select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * The app's one carousel (the lobby's rooms, the landing's upcoming shows): slides swiped
 * sideways (embla, a 75 px drag is a swipe), a row of dots to pick one and previous/next
 * buttons. An accessible carousel (WAI-ARIA APG): a region with `aria-roledescription`
 * "carousel", each slide a labelled group, the dots a tablist with one tab stop; the arrow keys
 * move it (Home and End to the ends), focus following on the dots or in the slides.
 */
export function Carousel<Item>({
  items,
  itemKey,
  itemName,
  tabLabel = itemName,
  label,
  labelledBy,
  heading,
  pickerLabel,
  previousLabel,
  nextLabel,
  selectedIndex,
  startIndex,
  onSelect,
  renderSlide,
  className,
  slideClassName,
  selectedSlideClassName,
  style,
}: CarouselProps<Item>) {
  // Fixed at mount: embla starts over (reInit) whenever its options change, and a new start
  // index on each selection would restart it between a mouse drag's release and its click,
  // which then landed on the slide it started on and selected that one again.
  const [initial] = useState(() => selectedIndex ?? startIndex ?? 0);
  const [viewportRef, embla] = useEmblaCarousel({
    align: 'center',
    containScroll: false,
    startIndex: initial,
    // Embla's threshold only separates taps from drags; useSwipeThreshold makes 75 px a swipe.
    dragThreshold: SWIPE_THRESHOLD_PX,
  });
  useSwipeThreshold(embla);
  const [current, setCurrent] = useState(initial);
  const shown = selectedIndex ?? current;
  const id = useId();
  const slideId = (index: number) => `${id}-slide-${index}`;
  const rootRef = useRef<HTMLElement>(null);
  /** Where focus goes once a key has moved the carousel: the new tab, or into the new slide. */
  const focusAfterKey = useRef<'tab' | 'slide' | null>(null);

  useEffect(() => {
    if (!embla) return;
    const select = () => {
      const index = embla.selectedScrollSnap();
      setCurrent(index);
      onSelect?.(index);
    };
    embla.on('select', select);
    return () => {
      embla.off('select', select);
    };
  }, [embla, onSelect]);

  // Follows a selection made elsewhere (the stored room on return to the lobby).
  useEffect(() => {
    if (embla && selectedIndex !== undefined && embla.selectedScrollSnap() !== selectedIndex) {
      embla.scrollTo(selectedIndex);
    }
  }, [embla, selectedIndex]);

  const select = useCallback(
    (index: number) => {
      const bounded = Math.min(Math.max(index, 0), items.length - 1);
      if (embla) embla.scrollTo(bounded);
      else {
        setCurrent(bounded);
        onSelect?.(bounded);
      }
    },
    [embla, items.length, onSelect],
  );

  useEffect(() => {
    const where = focusAfterKey.current;
    focusAfterKey.current = null;
    const root = rootRef.current;
    if (!where || !root) return;
    const target =
      where === 'tab'
        ? root.querySelector<HTMLElement>(`[role="tab"][aria-controls="${slideId(shown)}"]`)
        : document.getElementById(slideId(shown))?.querySelector<HTMLElement>(FOCUSABLE);
    target?.focus({ preventScroll: true });
    // slideId is derived from the stable useId.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: shown - 1,
      ArrowRight: shown + 1,
      Home: 0,
      End: items.length - 1,
    };
    const to = moves[event.key];
    if (to === undefined || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [role="slider"]')) return;
    event.preventDefault();
    const bounded = Math.min(Math.max(to, 0), items.length - 1);
    if (bounded === shown) return;
    focusAfterKey.current =
      target.getAttribute('role') === 'tab'
        ? 'tab'
        : target.closest('[aria-roledescription="slide"]')
          ? 'slide'
          : null;
    select(bounded);
  };

  return (
    <section
      ref={rootRef}
      className={[styles.carousel, className].filter(Boolean).join(' ')}
      style={style}
      aria-roledescription="carousel"
      aria-label={label}
      aria-labelledby={labelledBy}
      onKeyDown={onKeyDown}
    >
      {heading}
      <div className={styles.viewport} ref={viewportRef}>
        <div className={styles.track}>
          {items.map((item, index) => {
            const selected = index === shown;
            return (
              <div
                key={itemKey(item)}
                id={slideId(index)}
                className={[styles.slide, slideClassName, selected ? selectedSlideClassName : '']
                  .filter(Boolean)
                  .join(' ')}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${items.length}: ${itemName(item)}`}
                aria-current={selected || undefined}
              >
                {renderSlide(item, { index, selected, select: () => select(index) })}
              </div>
            );
          })}
        </div>
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={[styles.step, styles.previous].join(' ')}
          aria-label={previousLabel}
          disabled={shown <= 0}
          onClick={() => select(shown - 1)}
        />
        <div className={styles.dots} role="tablist" aria-label={pickerLabel}>
          {items.map((item, index) => (
            <button
              key={itemKey(item)}
              type="button"
              role="tab"
              aria-selected={index === shown}
              aria-controls={slideId(index)}
              aria-label={tabLabel(item)}
              tabIndex={index === shown ? 0 : -1}
              className={[styles.dot, index === shown ? styles.dotActive : ''].join(' ')}
              onClick={() => select(index)}
            />
          ))}
        </div>
        <button
          type="button"
          className={[styles.step, styles.next].join(' ')}
          aria-label={nextLabel}
          disabled={shown >= items.length - 1}
          onClick={() => select(shown + 1)}
        />
      </div>
    </section>
  );
}
