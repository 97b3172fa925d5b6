import { useEffect, useRef } from 'react';

const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;

/**
 * Reads utm_source, utm_medium and utm_campaign from the landing's address and logs them once
 * (SPEC.md §2). The server has no endpoint to receive them yet, so they go to the console.
 */
export function useUtmLogging(searchParams: URLSearchParams) {
  const logged = useRef(false);
  useEffect(() => {
    if (logged.current) return;
    logged.current = true;
    const utm = Object.fromEntries(
      UTM_KEYS.map((key) => [key, searchParams.get(key)] as const).filter(([, value]) => value),
    );
    if (Object.keys(utm).length > 0) console.info('[ruthless] landing visit', utm);
  }, [searchParams]);
}
