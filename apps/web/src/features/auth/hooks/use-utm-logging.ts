import { useEffect, useRef } from 'react';

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/**
 * Reads utm_source, utm_medium and utm_campaign from the landing's address and sends them once
 * to the server's log (docs/player-app.md, Screens). Losing one is harmless, so failures are ignored.
 */
export function useUtmLogging(searchParams: URLSearchParams) {
  const logged = useRef(false);
  useEffect(() => {
    if (logged.current) return;
    logged.current = true;
    const utm = Object.fromEntries(
      UTM_KEYS.map((key) => [key, searchParams.get(key)?.slice(0, 100)] as const).filter(
        ([, value]) => value,
      ),
    );
    // Imported here, not with the hook: the landing's form does not wait for the API client.
    if (Object.keys(utm).length > 0) {
      import('../api/log-landing-visit').then(({ logLandingVisit }) => logLandingVisit(utm)).catch(() => {});
    }
  }, [searchParams]);
}
