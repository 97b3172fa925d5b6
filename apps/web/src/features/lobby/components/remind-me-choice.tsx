import { useState } from 'react';
import { ReminderMessage } from '@ruthless/protocol/safety';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useAskShowReminder } from '../api/ask-show-reminder';
import { downloadReminder, type ReminderInput } from '../utils/calendar-reminder';

export const REMINDER_DOWNLOADED =
  'The calendar file was downloaded: open it to add the show to your calendar.';

/**
 * 'Remind me': the game's calendar reminder (.ics, downloaded) or an email 10 minutes before
 * the show (sent by the server, docs/player-app.md "Email reminders").
 */
export function RemindMeChoice({ onClose, ...reminder }: ReminderInput & { onClose: () => void }) {
  const [downloading, setDownloading] = useState(false);
  const askEmail = useAskShowReminder();

  const addToCalendar = async () => {
    setDownloading(true);
    try {
      await downloadReminder(reminder);
      // A download shows nowhere on some phones: the player is told where the reminder went.
      toast.success(REMINDER_DOWNLOADED);
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The calendar reminder could not be made.');
    } finally {
      setDownloading(false);
    }
  };
  const emailMe = async () => {
    try {
      await askEmail.mutateAsync(reminder.gameUuid);
      toast.success(ReminderMessage.asked);
      onClose();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <Modal
      title="Remind me"
      onClose={onClose}
      testId="remind-me"
      actions={
        <>
          <Button variant="gold" fullWidth isLoading={askEmail.isPending} onClick={() => void emailMe()}>
            Email me 10 minutes before
          </Button>
          <Button variant="glass" fullWidth isLoading={downloading} onClick={() => void addToCalendar()}>
            Add to my calendar
          </Button>
        </>
      }
    >
      <p>How would you like to be reminded of this show?</p>
    </Modal>
  );
}
