import { useState, type FormEvent } from 'react';
import type { HostGame } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/form-field';
import { useSaveGame } from '../api/save-game';
import { fromLocalInput, hostTimeZone, toLocalInput } from '../utils/time';
import { GameFields, gameBodyFrom, initialGameFields } from './game-fields';
import { formMessage } from '../utils/form-message';
import shared from './host-console.module.css';

/** Schedule a game in a room, or change one before its start; the start is on the host's clock. */
export function GameForm({
  roomUuid,
  game,
  onDone,
}: {
  roomUuid: string;
  game: HostGame | null;
  onDone: (game: HostGame) => void;
}) {
  const [start, setStart] = useState(() =>
    toLocalInput(game?.gameStartTime ?? Math.ceil((Date.now() + 30 * 60_000) / 300_000) * 300_000),
  );
  const [values, setValues] = useState(() => initialGameFields(game));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveGame();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const gameStartTime = fromLocalInput(start);
    if (!gameStartTime) return setError('Choose the start date and time.');
    const body = { ...gameBodyFrom(values), gameStartTime };
    save.mutate(game ? { roomUuid, gameUuid: game.gameUuid, body } : { roomUuid, body }, {
      onSuccess: onDone,
      onError: (failure) => setError(formMessage(failure)),
    });
  };

  return (
    <form className={shared.form} onSubmit={onSubmit} aria-label={game ? 'Edit game' : 'Schedule a game'}>
      <Field label={`Start (${hostTimeZone()})`}>
        <input
          type="datetime-local"
          value={start}
          onChange={(event) => setStart(event.target.value)}
          required
        />
      </Field>
      <GameFields values={values} onChange={setValues} />
      {error && <FormAlert>{error}</FormAlert>}
      <div className={shared.formActions}>
        <Button type="submit" disabled={save.isPending}>
          {game ? 'Save changes' : 'Schedule game'}
        </Button>
      </div>
    </form>
  );
}
