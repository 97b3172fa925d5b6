import { useMutation } from '@tanstack/react-query';
import { showReminderSchema } from '@ruthless/protocol/safety';
import { api } from '@/lib/api-client';
import { OFFERS_NOTIFICATIONS } from '@/lib/query-client';

/** `POST /api/safety/reminders`: an email 10 minutes before the show (or its cancellation). */
export const askShowReminder = (gameUuid: string) =>
  api.post('/safety/reminders', { gameUuid }, { schema: showReminderSchema });

export const useAskShowReminder = () =>
  useMutation({ mutationFn: askShowReminder, meta: OFFERS_NOTIFICATIONS });
