import { lazy, Suspense } from 'react';
import { AppLayout } from '@/components/layouts/app-layout';
import { NotifyMePrompt } from '@/features/notifications/components/notify-me-prompt';

// Reality checks wait minutes before they show anything: their code loads after the screen's.
const RealityCheck = lazy(async () => ({
  default: (await import('@/features/safety/components/reality-check')).RealityCheck,
}));

/** The signed-in players' frame (the app layout) with what watches over every screen of it. */
export function PlayerShell() {
  return (
    <>
      <AppLayout />
      <Suspense fallback={null}>
        <RealityCheck />
      </Suspense>
      <NotifyMePrompt />
    </>
  );
}
