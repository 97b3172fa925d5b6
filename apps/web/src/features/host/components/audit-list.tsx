import type { AuditEntry } from '@ruthless/protocol';
import { useAudit } from '../api/get-audit';
import { formatClock, formatStart } from '../utils/time';
import shared from './host-console.module.css';
import styles from './audit-list.module.css';

/** What each route does, in the host's words: 'METHOD /api/host/pattern' -> words. */
const ACTION_WORDS: Record<string, string> = {
  'POST /api/host/rooms': 'Room created',
  'PATCH /api/host/rooms/:roomUuid': 'Room edited',
  'POST /api/host/rooms/:roomUuid/archive': 'Room archived',
  'POST /api/host/rooms/:roomUuid/restore': 'Room restored',
  'POST /api/host/room-images': 'Room image uploaded',
  'POST /api/host/rooms/:roomUuid/games': 'Game scheduled',
  'POST /api/host/rooms/:roomUuid/schedule': 'Repeating schedule created',
  'PATCH /api/host/games/:gameUuid': 'Game edited',
  'POST /api/host/games/:gameUuid/duplicate': 'Game duplicated',
  'POST /api/host/games/:gameUuid/cancel': 'Game cancelled',
  'POST /api/host/games/:gameUuid/open-green-room': 'Green room opened',
  'POST /api/host/games/:gameUuid/start': 'Show started',
  'POST /api/host/games/:gameUuid/draw': 'Ball called',
  'POST /api/host/games/:gameUuid/pause': 'Draw paused',
  'POST /api/host/games/:gameUuid/resume': 'Draw resumed',
  'POST /api/host/games/:gameUuid/end': 'Show ended',
  'DELETE /api/host/games/:gameUuid/chat/:messageUuid': 'Chat message deleted',
  'PUT /api/host/games/:gameUuid/mutes/:playerUuid': 'Player muted',
  'DELETE /api/host/games/:gameUuid/mutes/:playerUuid': 'Player unmuted',
  'POST /api/host/games/:gameUuid/players/:playerUuid/reset-alias': 'Alias reset',
  'POST /api/host/players/:playerUuid/reset-alias': 'Alias reset',
};

/** A route the table does not know yet still reads: 'POST /api/host/games/:gameUuid/x' -> 'games · x'. */
function actionLabel(action: string): string {
  const known = ACTION_WORDS[action];
  if (known) return known;
  const [method, path = ''] = action.split(' ');
  const label = path
    .replace(/^\/api\/host\//, '')
    .split('/')
    .filter((part) => !part.startsWith(':'))
    .join(' · ');
  return method === 'PATCH' ? `${label} · edit` : method === 'DELETE' ? `${label} · delete` : label;
}

/** Whom the action concerned: the player by alias (by id once the alias is gone), or a message's author. */
function targetLabel(entry: AuditEntry): string | null {
  if (!entry.targetId) return null;
  const isMessage = entry.action.includes(':messageUuid');
  const who = entry.targetAlias ?? (isMessage ? null : `player ${entry.targetId.slice(0, 8)}`);
  if (!who) return null;
  return isMessage ? `by ${who}` : who;
}

/** Where: the game (by its start) and the room, unless the list is already the game's or the room's. */
function placeLabel(entry: AuditEntry, scope: { roomUuid?: string; gameUuid?: string }): string | null {
  const parts: string[] = [];
  if (entry.gameStartTime && !scope.gameUuid) parts.push(`game of ${formatStart(entry.gameStartTime)}`);
  if (entry.roomName && !scope.roomUuid && !scope.gameUuid) parts.push(entry.roomName);
  return parts.length ? parts.join(' · ') : null;
}

/** What hosts did here, newest first: who, what, on what, when and whether it worked. */
export function AuditList({ roomUuid, gameUuid }: { roomUuid?: string; gameUuid?: string }) {
  const audit = useAudit({ roomUuid, gameUuid });
  const entries = audit.data ?? [];
  return (
    <section className={shared.panel} aria-labelledby="audit-title">
      <header className={shared.panelHead}>
        <h2 id="audit-title" className={shared.panelTitle}>
          Audit
        </h2>
        <span className={shared.count}>{entries.length}</span>
      </header>
      {/* Scrolls: focusable, so a keyboard can scroll it too. */}
      <div className={`${shared.panelBody} ${styles.body}`} tabIndex={0}>
        {entries.length === 0 ? (
          <p className={shared.empty}>No host actions yet.</p>
        ) : (
          <ol className={shared.list} aria-label="Host actions">
            {entries.map((entry) => {
              const target = targetLabel(entry);
              const place = placeLabel(entry, { roomUuid, gameUuid });
              return (
                <li key={entry.id} className={styles.auditItem}>
                  <span className={shared.mono}>{formatClock(entry.at)}</span>
                  <span>
                    <strong>{actionLabel(entry.action)}</strong>
                    {target && <span className={styles.auditTarget}> · {target}</span>}
                    {place && (
                      <>
                        <br />
                        <span className={styles.auditPlace}>{place}</span>
                      </>
                    )}
                    <br />
                    <span className={shared.muted}>{entry.hostEmail ?? 'unknown'}</span>
                  </span>
                  <span
                    className={styles.status}
                    data-ok={entry.statusCode < 400 || undefined}
                    title={`HTTP ${entry.statusCode}`}
                  >
                    {entry.statusCode}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}
