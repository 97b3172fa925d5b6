import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import {
  BREAK_PERIODS,
  PLAY_BREAK_PERIOD_LABELS,
  SELF_EXCLUSION_PERIODS,
  type PlayBreakPeriod,
} from '@ruthless/protocol';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Panel } from '@/components/ui/panel';
import { TitledSection } from '@/components/ui/titled-section';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';
import { useSessionStore } from '@/stores/session-store';
import { usePlayBreak } from '../api/get-play-break';
import { useTakePlayBreak } from '../api/take-play-break';
import { endFromNow, formatUntil, safetyMessages as text } from '../messages';
import styles from './take-a-break.module.css';

function PeriodGroup({
  legend,
  periods,
  name,
  value,
  onChange,
}: {
  legend: string;
  periods: readonly PlayBreakPeriod[];
  name: string;
  value: PlayBreakPeriod | null;
  onChange: (period: PlayBreakPeriod) => void;
}) {
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      <div className={styles.options}>
        {periods.map((period) => (
          <label key={period} className={styles.option} data-checked={value === period}>
            <input
              type="radio"
              name={name}
              value={period}
              checked={value === period}
              onChange={() => onChange(period)}
            />
            {PLAY_BREAK_PERIOD_LABELS[period]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The profile's 'Take a break': the break or self-exclusion in force, and a way to start one (or
 * make it longer) after a confirmation. The server refuses a shorter one and every claim and
 * join while it lasts.
 */
export function TakeABreak() {
  const playerUuid = useSessionStore((state) => state.playerUuid);
  const current = usePlayBreak(playerUuid);
  const take = useTakePlayBreak();
  const [period, setPeriod] = useState<PlayBreakPeriod | null>(null);
  const [confirming, setConfirming] = useState(false);
  const name = useId();
  const away = current.data?.current ?? null;
  const section = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // '/profile#take-a-break' (a reality check's 'Take a break') opens the profile here.
  useEffect(() => {
    if (hash === '#take-a-break') section.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const start = async () => {
    if (!period) return;
    try {
      await take.mutateAsync(period);
      toast.success(text.started);
      setPeriod(null);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <TitledSection id="take-a-break" titleId="take-a-break-title" title={text.title} ref={section}>
      <Panel tone={away ? 'gold' : 'glass'} className={styles.panel}>
        {current.isPending ? (
          <Spinner label="Loading your break" />
        ) : away ? (
          <div className={styles.status} data-testid="break-status" role="status">
            <strong>
              {away.kind === 'break'
                ? text.onBreak(formatUntil(away.endsAt))
                : text.selfExcluded(formatUntil(away.endsAt))}
            </strong>
            <span>{text.cannotShorten}</span>
          </div>
        ) : (
          <p className={styles.intro}>{text.intro}</p>
        )}
        {away && <p className={styles.intro}>{text.longer}</p>}
        <PeriodGroup
          legend={text.breaks}
          periods={BREAK_PERIODS}
          name={name}
          value={period}
          onChange={setPeriod}
        />
        <PeriodGroup
          legend={text.selfExclusion}
          periods={SELF_EXCLUSION_PERIODS}
          name={name}
          value={period}
          onChange={setPeriod}
        />
        <Button variant="ruby" fullWidth disabled={!period} onClick={() => setConfirming(true)}>
          {away ? text.chooseLonger : text.choose}
        </Button>
      </Panel>
      {confirming && period && (
        <Modal
          title={text.confirmTitle}
          tone="ruby"
          onClose={() => setConfirming(false)}
          testId="break-confirm"
          actions={
            <>
              <Button variant="ruby" fullWidth isLoading={take.isPending} onClick={() => void start()}>
                {text.confirmYes}
              </Button>
              <Button variant="glass" fullWidth onClick={() => setConfirming(false)}>
                {text.cancel}
              </Button>
            </>
          }
        >
          <p>{text.confirm(PLAY_BREAK_PERIOD_LABELS[period], formatUntil(endFromNow(period)))}</p>
        </Modal>
      )}
    </TitledSection>
  );
}
