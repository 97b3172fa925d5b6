import { useState, type FormEvent } from 'react';
import type { HostRoom, Theme } from '@ruthless/protocol';
import { useSaveRoom } from '../api/save-room';
import { useUploadRoomImage } from '../api/upload-room-image';
import { formMessage } from '../utils/form-message';
import styles from './host-console.module.css';

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
    <form className={styles.form} onSubmit={onSubmit} aria-label={room ? 'Edit room' : 'New room'}>
      <label className={styles.field}>
        Name
        <input
          value={name}
          onChange={(event) => setName(event.target.value)}
          maxLength={NAME_MAX}
          aria-describedby="room-name-limit"
          required
        />
        {/* Said, not only enforced: a pasted long name is cut at the limit, and the host sees why. */}
        <span
          id="room-name-limit"
          className={styles.fieldHint}
          data-full={name.length >= NAME_MAX || undefined}
        >
          {name.length}/{NAME_MAX} characters{name.length >= NAME_MAX ? ': room names are at most 40' : ''}
        </span>
      </label>
      <label className={styles.field}>
        Theme
        <select value={theme} onChange={(event) => setTheme(event.target.value as Theme)}>
          {THEMES.map((option) => (
            <option key={option} value={option}>
              {option.toLowerCase()}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.field}>
        Image file (PNG, JPEG or WebP, up to 2 MB)
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
      </label>
      <label className={styles.field}>
        Image address
        <input value={roomImage} onChange={(event) => setRoomImage(event.target.value)} required />
      </label>
      {upload.isPending && (
        <p className={styles.hint} role="status">
          Uploading the image…
        </p>
      )}
      {roomImage && (
        <figure className={styles.imagePreview}>
          <img src={roomImage} alt="Room image preview" className={styles.roomImage} />
          <figcaption className={styles.hint}>{roomImage}</figcaption>
        </figure>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.formActions}>
        <button type="button" className={styles.btn} onClick={onDone}>
          Close
        </button>
        <button
          type="submit"
          className={`${styles.btn} ${styles.primary}`}
          disabled={save.isPending || upload.isPending}
        >
          {room ? 'Save room' : 'Create room'}
        </button>
      </div>
    </form>
  );
}
