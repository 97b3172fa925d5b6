import { useEffect, useState } from 'react';
import type { PushPreferences } from '@ruthless/protocol/push';
import { Panel } from '@/components/ui/panel';
import { TitledSection } from '@/components/ui/titled-section';
import { toast } from '@/lib/toast';
import { usePushPreferences, useSetPushPreferences } from '../api/push-preferences';
import { pushState, turnOffPush, turnOnPush, type PushState } from '../api/push-subscription';
import { notificationMessages as text } from '../messages';
import styles from './notification-settings.module.css';

const KINDS: { key: keyof PushPreferences; label: string; hint: string }[] = [
  { key: 'showStarts', label: text.kindShowStarts, hint: text.kindShowStartsHint },
  { key: 'followedRooms', label: text.kindFollowedRooms, hint: text.kindFollowedRoomsHint },
  { key: 'wins', label: text.kindWins, hint: text.kindWinsHint },
];

/**
 * The profile's 'Notifications': this phone's notifications on or off in one tap (the browser's
 * own permission asked when turning on), or why they cannot be; and a switch per kind, kept on
 * the server for every phone of the player's.
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
    <TitledSection titleId="notifications-title" title={text.settingTitle}>
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
        <NotificationKinds />
      </Panel>
    </TitledSection>
  );
}

/** One switch per kind of notification (all on until the player says otherwise). */
function NotificationKinds() {
  const preferences = usePushPreferences();
  const save = useSetPushPreferences();
  const current = save.isPending ? save.variables : preferences.data;

  const flip = (key: keyof PushPreferences, on: boolean) => {
    if (!current) return;
    save.mutate(
      { ...current, [key]: on },
      {
        onSuccess: () => toast.success(text.kindsSaved),
        onError: () => toast.error(text.kindsFailed),
      },
    );
  };

  return (
    <fieldset className={styles.kinds} aria-describedby="notification-kinds-note">
      <legend className={styles.subtitle}>{text.kindsTitle}</legend>
      <p id="notification-kinds-note" className={styles.note}>
        {text.kindsNote}
      </p>
      {KINDS.map(({ key, label, hint }) => (
        <label key={key} className={styles.kind}>
          <span className={styles.kindText}>
            <span className={styles.kindLabel}>{label}</span>
            <span className={styles.kindHint}>{hint}</span>
          </span>
          <input
            type="checkbox"
            role="switch"
            className={styles.switch}
            checked={current?.[key] ?? true}
            disabled={!current || save.isPending}
            onChange={(event) => flip(key, event.target.checked)}
          />
        </label>
      ))}
    </fieldset>
  );
}
