import { useEffect, useState } from 'react';
import { Panel } from '@/components/ui/panel';
import { toast } from '@/lib/toast';
import { pushState, turnOffPush, turnOnPush, type PushState } from '../api/push-subscription';
import { notificationMessages as text } from '../messages';
import styles from './notification-settings.module.css';

/**
 * The profile's 'Notifications': this phone's notifications on or off in one tap (the browser's
 * own permission asked when turning on), or why they cannot be.
 */
export function NotificationSettings() {
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    void pushState().then(setState);
  }, []);

  const turn = async (on: boolean) => {
    setBusy(true);
    try {
      const next = on ? await turnOnPush() : await turnOffPush();
      setState(next);
      if (next === 'on') toast.success(text.on);
      else if (!on) toast.success(text.off);
    } catch {
      toast.error(text.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.section} aria-labelledby="notifications-title">
      <h2 id="notifications-title" className={styles.title}>
        {text.settingTitle}
      </h2>
      <Panel tone="glass" className={styles.panel}>
        {state === 'unsupported' ? (
          <p className={styles.note}>{text.unsupported}</p>
        ) : (
          <>
            <label className={styles.option} data-checked={state === 'on'}>
              <input
                type="checkbox"
                checked={state === 'on'}
                disabled={busy || state === null || state === 'blocked'}
                onChange={(event) => void turn(event.target.checked)}
              />
              {text.setting}
            </label>
            {state === 'blocked' && <p className={styles.note}>{text.blocked}</p>}
          </>
        )}
      </Panel>
    </section>
  );
}
