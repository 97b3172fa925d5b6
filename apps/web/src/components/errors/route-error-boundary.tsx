import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CrashScreen } from './crash-screen';

/** The router's error element: render and loader errors, and lazy route chunks that fail to load. */
export function RouteErrorBoundary() {
  return <RouteCrash />;
}

/**
 * One area's error element (lobby, purchase, game, profile, how to play): the crash card takes
 * the area's place inside the app's frame, so the menu still leads elsewhere.
 */
export function areaErrorBoundary(area: string) {
  return function AreaErrorBoundary() {
    return <RouteCrash area={area} />;
  };
}

function RouteCrash({ area }: { area?: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const body = typeof error.data === 'string' ? error.data : JSON.stringify(error.data, null, 2);
    return <CrashScreen area={area} error={`${error.status} ${error.statusText}\n${body ?? ''}`} />;
  }
  return <CrashScreen area={area} error={error} />;
}
