import { useCountdown } from '../hooks/use-countdown';
import { Countdown } from './countdown';
import { GreenRoomSign } from './green-room-sign';

/**
 * The countdown to a game's start, ticking by itself: each second only these digits draw again,
 * not the row or the page around them. With the green room open, its sign's short countdown first.
 */
export function StartCountdown({ startTime, greenRoom }: { startTime: string; greenRoom: boolean }) {
  const countdown = useCountdown(startTime);
  return (
    <>
      {greenRoom && <GreenRoomSign value={countdown} />}
      <Countdown value={countdown} />
    </>
  );
}
