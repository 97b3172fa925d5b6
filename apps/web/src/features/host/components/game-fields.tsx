import type { CreateGameBody, HostGame } from '@ruthless/protocol';
import { Field, FieldRow } from '@/components/ui/form-field';

/** The form's raw values: pounds and seconds as typed, blank timings meaning the defaults. */
export interface GameFieldValues {
  maxTickets: string;
  luckyFate: 'pre-game' | 'in-game';
  oneLine: string;
  twoLines: string;
  fullHouse: string;
  greenRoomS: string;
  reelsS: string;
  luckyFateS: string;
  ballIntervalS: string;
  ruthlessS: string;
  revealS: string;
  videoSource: string;
}

const TIMINGS = [
  ['greenRoomS', 'greenRoomMs', 'Green room (s)'],
  ['reelsS', 'reelsMs', 'Reels (s)'],
  ['luckyFateS', 'luckyFateMs', 'Lucky fate (s)'],
  ['ballIntervalS', 'ballIntervalMs', 'Ball interval (s)'],
  ['ruthlessS', 'ruthlessMs', 'Ruthless final (s)'],
  ['revealS', 'revealMs', 'Reveal (s)'],
] as const;

const pounds = (pence: number) => (pence / 100).toFixed(2);
const seconds = (ms: number | undefined) => (ms === undefined ? '' : String(ms / 1000));

export function initialGameFields(game: HostGame | null): GameFieldValues {
  const timings = game?.timings ?? {};
  return {
    maxTickets: String(game?.maxTickets ?? 100),
    luckyFate: game?.prizeLuckyFateSelections ?? 'in-game',
    oneLine: pounds(game?.prizes.oneLine ?? 1000),
    twoLines: pounds(game?.prizes.twoLines ?? 2500),
    fullHouse: pounds(game?.prizes.fullHouse ?? 10000),
    greenRoomS: seconds(timings.greenRoomMs),
    reelsS: seconds(timings.reelsMs),
    luckyFateS: seconds(timings.luckyFateMs),
    ballIntervalS: seconds(timings.ballIntervalMs),
    ruthlessS: seconds(timings.ruthlessMs),
    revealS: seconds(timings.revealMs),
    videoSource: game?.videoSource ?? '',
  };
}

/** The API's body from the form (the server validates; NaN reaches it as null and is refused clearly). */
export function gameBodyFrom(values: GameFieldValues): Omit<CreateGameBody, 'gameStartTime'> {
  const timings: Record<string, number> = {};
  for (const [key, apiKey] of TIMINGS) {
    if (values[key].trim() !== '') timings[apiKey] = Math.round(Number(values[key]) * 1000);
  }
  return {
    maxTickets: Number(values.maxTickets),
    prizeLuckyFateSelections: values.luckyFate,
    prizes: {
      oneLine: Math.round(Number(values.oneLine) * 100),
      twoLines: Math.round(Number(values.twoLines) * 100),
      fullHouse: Math.round(Number(values.fullHouse) * 100),
    },
    timings,
    videoSource: values.videoSource.trim() || null,
  };
}

/** The settings every game has: tickets, lucky fate, prizes, stage timings and video. */
export function GameFields({
  values,
  onChange,
}: {
  values: GameFieldValues;
  onChange: (values: GameFieldValues) => void;
}) {
  const set = (key: keyof GameFieldValues) => (event: { target: { value: string } }) =>
    onChange({ ...values, [key]: event.target.value });
  return (
    <>
      <FieldRow>
        <Field label="Max tickets">
          <input type="number" min={1} max={100000} value={values.maxTickets} onChange={set('maxTickets')} />
        </Field>
        <Field label="Lucky fate">
          <select value={values.luckyFate} onChange={set('luckyFate')}>
            <option value="in-game">In the game</option>
            <option value="pre-game">At purchase</option>
          </select>
        </Field>
      </FieldRow>
      <FieldRow>
        <Field label="One line (£)">
          <input inputMode="decimal" value={values.oneLine} onChange={set('oneLine')} />
        </Field>
        <Field label="Two lines (£)">
          <input inputMode="decimal" value={values.twoLines} onChange={set('twoLines')} />
        </Field>
        <Field label="Full house (£)">
          <input inputMode="decimal" value={values.fullHouse} onChange={set('fullHouse')} />
        </Field>
      </FieldRow>
      <FieldRow>
        {TIMINGS.map(([key, , label]) => (
          <Field key={key} label={label}>
            <input inputMode="decimal" placeholder="default" value={values[key]} onChange={set(key)} />
          </Field>
        ))}
      </FieldRow>
      <Field label="Video source (HLS .m3u8 or file; blank for the studio loop)">
        <input value={values.videoSource} onChange={set('videoSource')} placeholder="https://…/show.m3u8" />
      </Field>
    </>
  );
}
