import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CrashScreen } from './crash-screen';

/** The router's error element: render and loader errors, and lazy route chunks that fail to load. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const body = typeof error.data === 'string' ? error.data : JSON.stringify(error.data, null, 2);
    return <CrashScreen error={`${error.status} ${error.statusText}\n${body ?? ''}`} />;
  }
  return <CrashScreen error={error} />;
}
