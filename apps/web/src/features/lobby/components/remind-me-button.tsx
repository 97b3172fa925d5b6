import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ReminderInput } from '../utils/calendar-reminder';

// The choice (its modal, the calendar file's code, the email call) loads on the first tap.
const RemindMeChoice = lazy(async () => ({ default: (await import('./remind-me-choice')).RemindMeChoice }));

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16z" fill="currentColor" fillOpacity="0.25" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </svg>
  );
}

/** 'Remind Me': opens the choice of a calendar file or an email 10 minutes before. */
export function RemindMeButton(props: ReminderInput) {
  const [choosing, setChoosing] = useState(false);
  return (
    <>
      <Button variant="glass" fullWidth icon={<BellIcon />} onClick={() => setChoosing(true)}>
        Remind Me
      </Button>
      {choosing && (
        <Suspense fallback={null}>
          <RemindMeChoice {...props} onClose={() => setChoosing(false)} />
        </Suspense>
      )}
    </>
  );
}
