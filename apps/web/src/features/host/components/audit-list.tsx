import { useAudit } from '../api/get-audit';
import { formatClock } from '../utils/time';
import styles from './host-console.module.css';

/** 'POST /api/host/games/:gameUuid/start' -> 'games · start'. */
function actionLabel(action: string): string {
  const [method, path = ''] = action.split(' ');
  const words = path
    .replace(/^\/api\/host\//, '')
    .split('/')
    .filter((part) => !part.startsWith(':'));
  const label = words.join(' · ');
  return method === 'PATCH' ? `${label} · edit` : method === 'DELETE' ? `${label} · delete` : label;
}

/** What hosts did here, newest first: who, what, when and whether it worked. */
export function AuditList({ roomUuid, gameUuid }: { roomUuid?: string; gameUuid?: string }) {
  const audit = useAudit({ roomUuid, gameUuid });
  const entries = audit.data ?? [];
  return (
    <section className={styles.panel} aria-labelledby="audit-title">
      <header className={styles.panelHead}>
        <h2 id="audit-title" className={styles.panelTitle}>
          Audit
        </h2>
        <span className={styles.count}>{entries.length}</span>
      </header>
      <div className={styles.panelBody} style={{ maxHeight: 260 }}>
        {entries.length === 0 ? (
          <p className={styles.empty}>No host actions yet.</p>
        ) : (
          <ol className={styles.list} aria-label="Host actions">
            {entries.map((entry) => (
              <li key={entry.id} className={styles.auditItem}>
                <span className={styles.mono}>{formatClock(entry.at)}</span>
                <span>
                  <strong>{actionLabel(entry.action)}</strong>
                  <br />
                  <span className={styles.muted}>{entry.hostEmail ?? 'unknown'}</span>
                </span>
                <span
                  className={styles.status}
                  data-ok={entry.statusCode < 400 || undefined}
                  title={`HTTP ${entry.statusCode}`}
                >
                  {entry.statusCode}
                </span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
