import { useId } from 'react';
import { REALITY_CHECK_CHOICES } from '@ruthless/protocol/safety';
import { Panel } from '@/components/ui/panel';
import { TitledSection } from '@/components/ui/titled-section';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useSessionStore } from '@/stores/session-store';
import { useSafetySettings, useUpdateSafetySettings } from '../api/safety-settings';
import { intervalLabel, safetyMessages as text } from '../messages';
import styles from './take-a-break.module.css';

/**
 * The profile's 'Reality checks' (how often, or off) and 'Show reminders' (an email before
 * every show claimed). Each choice is saved at once; the server keeps and checks it.
 */
export function RealityCheckSettings() {
  const playerUuid = useSessionStore((state) => state.playerUuid);
  const settings = useSafetySettings(playerUuid);
  const update = useUpdateSafetySettings();
  const name = useId();
  const current = settings.data;

  const chooseInterval = async (minutes: number | null) => {
    try {
      await update.mutateAsync({ realityCheckMinutes: minutes });
      toast.success(minutes === null ? text.realityOffSaved : text.realitySaved(intervalLabel(minutes)));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  const chooseReminders = async (on: boolean) => {
    try {
      await update.mutateAsync({ remindEveryShow: on });
      toast.success(on ? text.remindEveryShowOn : text.remindEveryShowOff);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <TitledSection titleId="reality-checks-title" title={text.realityTitle}>
      <Panel tone="glass" className={styles.panel}>
        {!current ? (
          <Spinner label="Loading your settings" />
        ) : (
          <>
            <p className={styles.intro}>{text.realityIntro}</p>
            <fieldset className={styles.group} disabled={update.isPending}>
              <legend>{text.realityEvery}</legend>
              <div className={styles.options}>
                {[...REALITY_CHECK_CHOICES, null].map((minutes) => (
                  <label
                    key={minutes ?? 'off'}
                    className={styles.option}
                    data-checked={current.realityCheckMinutes === minutes}
                  >
                    <input
                      type="radio"
                      name={name}
                      value={minutes ?? 'off'}
                      checked={current.realityCheckMinutes === minutes}
                      onChange={() => void chooseInterval(minutes)}
                    />
                    {minutes === null ? text.realityOff : intervalLabel(minutes)}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className={styles.group} disabled={update.isPending}>
              <legend>{text.remindersTitle}</legend>
              <label className={styles.option} data-checked={current.remindEveryShow}>
                <input
                  type="checkbox"
                  checked={current.remindEveryShow}
                  onChange={(event) => void chooseReminders(event.target.checked)}
                />
                {text.remindEveryShow}
              </label>
            </fieldset>
          </>
        )}
      </Panel>
    </TitledSection>
  );
}
