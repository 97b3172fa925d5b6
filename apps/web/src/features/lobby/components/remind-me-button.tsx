import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { downloadReminder, type ReminderInput } from '../utils/calendar-reminder';

function BellIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round">
      <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16z" fill="currentColor" fillOpacity="0.25" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </svg>
  );
}

export const REMINDER_DOWNLOADED =
  'The calendar file was downloaded: open it to add the show to your calendar.';

/** 'Remind Me': downloads the game's calendar reminder (.ics) and says so. */
export function RemindMeButton(props: ReminderInput) {
  const [busy, setBusy] = useState(false);
  const remind = async () => {
    setBusy(true);
    try {
      await downloadReminder(props);
      // A download shows nowhere on some phones: the player is told where the reminder went.
      toast.success(REMINDER_DOWNLOADED);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The calendar reminder could not be made.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="glass" fullWidth icon={<BellIcon />} disabled={busy} onClick={() => void remind()}>
      Remind Me
    </Button>
  );
}
