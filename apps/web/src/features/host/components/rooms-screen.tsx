import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { HostRoom } from '@ruthless/protocol';
import { errorMessage } from '@/lib/api-client';
import { useArchiveRoom } from '../api/archive-room';
import { useHostRooms } from '../api/get-host-rooms';
import { AuditList } from './audit-list';
import { ConfirmButton } from './confirm-button';
import { Button, LinkButton } from '@/components/ui/button';
import { RoomForm } from './room-form';
import shared from './host-console.module.css';
import styles from './rooms-screen.module.css';

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
      <section className={shared.panel} aria-labelledby="rooms-title">
        <header className={shared.panelHead}>
          <h1 id="rooms-title" className={shared.panelTitle}>
            Rooms
          </h1>
          <span className={shared.count}>{list.length}</span>
          <Button size="sm" onClick={() => setEditing('new')}>
            New room
          </Button>
        </header>
        <div className={shared.panelBody}>
          {rooms.isPending && <p className={shared.empty}>Loading rooms…</p>}
          {rooms.isError && <p className={shared.error}>{errorMessage(rooms.error)}</p>}
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
                    <span className={shared.chip} data-tone={room.theme}>
                      {room.theme.toLowerCase()}
                    </span>
                    {room.archivedAt && <span className={shared.chip}>archived</span>}
                  </span>
                  <div className={styles.roomActions}>
                    <LinkButton
                      to={`/host/rooms/${room.roomUuid}`}
                      size="sm"
                      aria-label={`Games of ${room.name}`}
                    >
                      Games
                    </LinkButton>
                    <Button variant="glass" size="sm" onClick={() => setEditing(room)}>
                      Edit
                    </Button>
                    {room.archivedAt ? (
                      <Button variant="glass" size="sm" onClick={() => setArchived(room, false)}>
                        Restore
                      </Button>
                    ) : (
                      <ConfirmButton
                        size="sm"
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
      <div className={shared.sideStack}>
        {editing && (
          <section className={shared.panel} aria-labelledby="room-form-title">
            <header className={shared.panelHead}>
              <h2 id="room-form-title" className={shared.panelTitle}>
                {editing === 'new' ? 'New room' : `Edit ${editing.name}`}
              </h2>
            </header>
            <div className={shared.panelBody}>
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
