import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { mayOfferNotifications } from '../api/push-subscription';

// Loaded only when it opens: most screens of most visits never ask.
const NotifyMeDialog = lazy(async () => ({ default: (await import('./notify-me-dialog')).NotifyMeDialog }));

/**
 * Offers notifications once a ticket is claimed or a show's reminder asked (moments that give
 * them meaning, marked OFFERS_NOTIFICATIONS): never on a first visit, never again after
 * "Not now", nor once the browser's permission is settled.
 */
export function NotifyMePrompt() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const meaningful =
          event.type === 'updated' &&
          event.action.type === 'success' &&
          event.mutation.options.meta?.offersNotifications === true;
        if (meaningful) void mayOfferNotifications().then((may) => may && setOpen(true));
      }),
    [queryClient],
  );

  return open ? (
    <Suspense fallback={null}>
      <NotifyMeDialog onDone={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
