import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, FieldRow, FormAlert } from '@/components/ui/form-field';
import { useScheduleGames } from '../api/schedule-games';
import { hostTimeZone, toDateInput } from '../utils/time';
import { GameFields, gameBodyFrom, initialGameFields } from './game-fields';
import { formMessage } from '../utils/form-message';
import shared from './host-console.module.css';
import styles from './room-games-screen.module.css';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** 'Every 15 minutes from 18:00 to 22:00 on weekdays', between two dates, on the host's clock. */
export function ScheduleForm({ roomUuid, onDone }: { roomUuid: string; onDone: (summary: string) => void }) {
  const today = new Date();
  const [everyMinutes, setEveryMinutes] = useState('15');
  const [fromTime, setFromTime] = useState('18:00');
  const [toTime, setToTime] = useState('22:00');
  const [weekdays, setWeekdays] = useState<number[]>([1, 2, 3, 4, 5]);
  const [fromDate, setFromDate] = useState(toDateInput(today));
  const [toDate, setToDate] = useState(toDateInput(new Date(today.getTime() + 6 * 86_400_000)));
  const [values, setValues] = useState(() => initialGameFields(null));
  const [error, setError] = useState<string | null>(null);
  const schedule = useScheduleGames();

  const toggle = (day: number) =>
    setWeekdays((days) => (days.includes(day) ? days.filter((d) => d !== day) : [...days, day].sort()));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    schedule.mutate(
      {
        roomUuid,
        body: {
          everyMinutes: Number(everyMinutes),
          fromTime,
          toTime,
          weekdays,
          fromDate,
          toDate,
          timeZone: hostTimeZone(),
          game: gameBodyFrom(values),
        },
      },
      {
        onSuccess: (result) =>
          onDone(
            `${result.games.length} games scheduled` +
              (result.skipped.length ? `, ${result.skipped.length} slots skipped (taken or past)` : ''),
          ),
        onError: (failure) => setError(formMessage(failure)),
      },
    );
  };

  return (
    <form className={shared.form} onSubmit={onSubmit} aria-label="Repeating schedule">
      <FieldRow>
        <Field label="Every (minutes)">
          <input
            type="number"
            min={5}
            max={1440}
            value={everyMinutes}
            onChange={(e) => setEveryMinutes(e.target.value)}
          />
        </Field>
        <Field label="From">
          <input type="time" value={fromTime} onChange={(e) => setFromTime(e.target.value)} required />
        </Field>
        <Field label="To">
          <input type="time" value={toTime} onChange={(e) => setToTime(e.target.value)} required />
        </Field>
      </FieldRow>
      <fieldset className={styles.weekdays} aria-label="Weekdays" style={{ border: 0, padding: 0 }}>
        {WEEKDAYS.map((label, index) => (
          <label key={label}>
            <input
              type="checkbox"
              checked={weekdays.includes(index + 1)}
              onChange={() => toggle(index + 1)}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <FieldRow>
        <Field label="First day">
          <input type="date" value={fromDate} onChange={(e) => setFromDate(e.target.value)} required />
        </Field>
        <Field label="Last day">
          <input type="date" value={toDate} onChange={(e) => setToDate(e.target.value)} required />
        </Field>
      </FieldRow>
      <p className={shared.hint}>Times in {hostTimeZone()}. At most 200 games and 62 days at once.</p>
      <GameFields values={values} onChange={setValues} />
      {error && <FormAlert>{error}</FormAlert>}
      <div className={shared.formActions}>
        <Button type="submit" disabled={schedule.isPending}>
          Create schedule
        </Button>
      </div>
    </form>
  );
}
