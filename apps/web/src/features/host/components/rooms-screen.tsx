import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import type { HostRoom } from '@ruthless/protocol';
import { errorMessage } from '@/lib/api-client';
import { useArchiveRoom } from '../api/archive-room';
import { useHostRooms } from '../api/get-host-rooms';
import { AuditList } from './audit-list';
import { ConfirmButton } from './confirm-button';
import { RoomForm } from './room-form';
import styles from './host-console.module.css';

/** Every room: open its games, edit it, archive or restore it; the form to create one. */
export function RoomsScreen() {
  const rooms = useHostRooms();
  const archive = useArchiveRoom();
  const [editing, setEditing] = useState<HostRoom | 'new' | null>(null);
  const list = rooms.data ?? [];

  const setArchived = (room: HostRoom, archived: boolean) =>
    archive.mutate(
      { roomUuid: room.roomUuid, archived },
      { onError: (error) => toast.error(errorMessage(error)) },
    );

  return (
    <div className={styles.roomsLayout}>
      <section className={styles.panel} aria-labelledby="rooms-title">
        <header className={styles.panelHead}>
          <h1 id="rooms-title" className={styles.panelTitle}>
            Rooms
          </h1>
          <span className={styles.count}>{list.length}</span>
          <button
            type="button"
            className={`${styles.btn} ${styles.primary} ${styles.small}`}
            onClick={() => setEditing('new')}
          >
            New room
          </button>
        </header>
        <div className={styles.panelBody}>
          {rooms.isPending && <p className={styles.empty}>Loading rooms…</p>}
          {rooms.isError && <p className={styles.error}>{errorMessage(rooms.error)}</p>}
          <ul className={styles.roomGrid} aria-label="Rooms" style={{ listStyle: 'none', padding: 0 }}>
            {list.map((room) => (
              <li
                key={room.roomUuid}
                className={styles.roomCard}
                data-archived={room.archivedAt ? '' : undefined}
              >
                <img src={room.roomImage} alt="" className={styles.roomImage} />
                <div className={styles.roomInfo}>
                  <span className={styles.roomName}>{room.name}</span>
                  <span style={{ display: 'flex', gap: 6 }}>
                    <span className={styles.chip} data-tone={room.theme}>
                      {room.theme.toLowerCase()}
                    </span>
                    {room.archivedAt && <span className={styles.chip}>archived</span>}
                  </span>
                  <div className={styles.roomActions}>
                    <Link
                      to={`/host/rooms/${room.roomUuid}`}
                      className={`${styles.btn} ${styles.primary} ${styles.small}`}
                      aria-label={`Games of ${room.name}`}
                    >
                      Games
                    </Link>
                    <button
                      type="button"
                      className={`${styles.btn} ${styles.small}`}
                      onClick={() => setEditing(room)}
                    >
                      Edit
                    </button>
                    {room.archivedAt ? (
                      <button
                        type="button"
                        className={`${styles.btn} ${styles.small}`}
                        onClick={() => setArchived(room, false)}
                      >
                        Restore
                      </button>
                    ) : (
                      <ConfirmButton
                        className={`${styles.btn} ${styles.small}`}
                        title={`Archive ${room.name}?`}
                        message="The room leaves the lobby. Its games stay, with their results; you can restore it later."
                        confirmLabel="Archive room"
                        onConfirm={() => setArchived(room, true)}
                      >
                        Archive
                      </ConfirmButton>
                    )}
                  </div>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <div className={styles.sideStack}>
        {editing && (
          <section className={styles.panel} aria-labelledby="room-form-title">
            <header className={styles.panelHead}>
              <h2 id="room-form-title" className={styles.panelTitle}>
                {editing === 'new' ? 'New room' : `Edit ${editing.name}`}
              </h2>
            </header>
            <div className={styles.panelBody}>
              <RoomForm
                key={editing === 'new' ? 'new' : editing.roomUuid}
                room={editing === 'new' ? null : editing}
                onDone={() => setEditing(null)}
              />
            </div>
          </section>
        )}
        <AuditList />
      </div>
    </div>
  );
}
