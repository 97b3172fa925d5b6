import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { CLAIM_TICKET_MUTATION_KEY } from '@/api/claim-ticket';
import { mayAskAfterClaim } from '../api/push-subscription';

// Loaded only when it opens: most screens of most visits never ask.
const NotifyMeDialog = lazy(async () => ({ default: (await import('./notify-me-dialog')).NotifyMeDialog }));

/**
 * Offers notifications once a ticket is claimed (a moment that gives them meaning): never on a
 * first visit, never again after "Not now", nor once the browser's permission is settled.
 */
export function NotifyMePrompt() {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);

  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        const claimed =
          event.type === 'updated' &&
          event.action.type === 'success' &&
          event.mutation.options.mutationKey?.[0] === CLAIM_TICKET_MUTATION_KEY[0];
        if (claimed) void mayAskAfterClaim().then((may) => may && setOpen(true));
      }),
    [queryClient],
  );

  return open ? (
    <Suspense fallback={null}>
      <NotifyMeDialog onDone={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
