import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { useIsHost } from '@/features/host/hooks/use-host-role';

// Its own chunk (assets/host-console-*.js), fetched only once the role is known to be 'host'.
const HostConsole = lazy(async () => ({
  default: (await import('@/features/host/components/host-console')).HostConsole,
}));

/** /host/*: the host console for hosts; anyone else goes to the lobby without loading its code. */
export function HostRoute() {
  const isHost = useIsHost();
  if (!isHost) return <Navigate to="/" replace />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <HostConsole />
    </Suspense>
  );
}
