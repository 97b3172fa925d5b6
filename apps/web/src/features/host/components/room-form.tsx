import { useState, type FormEvent } from 'react';
import type { HostRoom, Theme } from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { Field, FormAlert } from '@/components/ui/form-field';
import { useSaveRoom } from '../api/save-room';
import { useUploadRoomImage } from '../api/upload-room-image';
import { formMessage } from '../utils/form-message';
import shared from './host-console.module.css';
import styles from './rooms-screen.module.css';

const THEMES: Theme[] = ['DEFAULT', 'RED', 'GOLD', 'GREEN'];
/** The API's limit on a room's name (packages/protocol). */
const NAME_MAX = 40;

/** Create a room, or edit one: name, theme and image (uploaded, or an address). */
export function RoomForm({ room, onDone }: { room: HostRoom | null; onDone: () => void }) {
  const [name, setName] = useState(room?.name ?? '');
  const [theme, setTheme] = useState<Theme>(room?.theme ?? 'DEFAULT');
  const [roomImage, setRoomImage] = useState(room?.roomImage ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = useSaveRoom();
  const upload = useUploadRoomImage();

  const onFile = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    upload.mutate(file, {
      onSuccess: (path) => setRoomImage(path),
      onError: (failure) => setError(formMessage(failure)),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { roomUuid: room?.roomUuid, name, theme, roomImage },
      { onSuccess: onDone, onError: (failure) => setError(formMessage(failure)) },
    );
  };

  return (
    <form className={shared.form} onSubmit={onSubmit} aria-label={room ? 'Edit room' : 'New room'}>
      {/* Said, not only enforced: a pasted long name is cut at the limit, and the host sees why. */}
      <Field
        label="Name"
        hintId="room-name-limit"
        hintWarns={name.length >= NAME_MAX}
        hint={`${name.length}/${NAME_MAX} characters${name.length >= NAME_MAX ? ': room names are at most 40' : ''}`}
      >
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={NAME_MAX}
          aria-describedby="room-name-limit"
          required
        />
      </Field>
      <Field label="Theme">
        <select value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
          {THEMES.map((option) => (
            <option key={option} value={option}>
              {option.toLowerCase()}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Image file (PNG, JPEG or WebP, up to 2 MB)">
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
      </Field>
      <Field label="Image address">
        <input value={roomImage} onChange={(event) => setRoomImage(event.target.value)} required />
      </Field>
      {upload.isPending && (
        <p className={shared.hint} role="status">
          Uploading the image…
        </p>
      )}
      {roomImage && (
        <figure className={styles.imagePreview}>
          <img src={roomImage} alt="Room image preview" className={styles.roomImage} />
          <figcaption className={shared.hint}>{roomImage}</figcaption>
        </figure>
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <div className={shared.formActions}>
        <Button variant="glass" onClick={onDone}>
          Close
        </Button>
        <Button type="submit" disabled={save.isPending || upload.isPending}>
          {room ? 'Save room' : 'Create room'}
        </Button>
      </div>
    </form>
  );
}
