import { HostConsole } from '@/features/host/components/host-console';

/** /host/*: the host console, in its own chunk (assets/host-*.js). */
export function HostRoute() {
  return <HostConsole />;
}
