import { useState, type FormEvent } from 'react';
import type { HostRoom, Theme } from '@ruthless/protocol';
import { errorMessage } from '@/lib/api-client';
import { useSaveRoom } from '../api/save-room';
import { useUploadRoomImage } from '../api/upload-room-image';
import styles from './host-console.module.css';

const THEMES: Theme[] = ['DEFAULT', 'RED', 'GOLD', 'GREEN'];

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
      onError: (failure) => setError(errorMessage(failure)),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    save.mutate(
      { roomUuid: room?.roomUuid, name, theme, roomImage },
      { onSuccess: onDone, onError: (failure) => setError(errorMessage(failure)) },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-label={room ? 'Edit room' : 'New room'}>
      <label className={styles.field}>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} maxLength={40} required />
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
      {roomImage && <img src={roomImage} alt="" className={styles.roomImage} />}
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
