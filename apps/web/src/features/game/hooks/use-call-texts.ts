import { useEffect, useState } from 'react';

type CallTexts = Record<number, string>;

let cache: Promise<CallTexts> | undefined;

/** `/media/calls/index.json` (number → the traditional call), fetched once, on first need. */
export function loadCallTexts(): Promise<CallTexts> {
  cache ??= fetch('/media/calls/index.json')
    .then((response) => (response.ok ? (response.json() as Promise<unknown>) : {}))
    .then((data) => {
      const texts: CallTexts = {};
      if (Array.isArray(data)) {
        data.forEach((entry: unknown, i) => {
          if (typeof entry === 'string') texts[i + 1] = entry;
          else if (entry && typeof entry === 'object') {
            const { number, text, call } = entry as { number?: unknown; text?: unknown; call?: unknown };
            const said = typeof text === 'string' ? text : typeof call === 'string' ? call : null;
            if (typeof number === 'number' && said) texts[number] = said;
          }
        });
      } else if (data && typeof data === 'object') {
        for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
          const said =
            typeof value === 'string'
              ? value
              : value && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string'
                ? (value as { text: string }).text
                : null;
          if (said) texts[Number(key)] = said;
        }
      }
      return texts;
    })
    .catch(() => {
      cache = undefined;
      return {};
    });
  return cache;
}

/** The traditional call for a ball ('Kelly's eye, number one'), or 'Number n' until it loads. */
export function useCallText(ball: number | null): string | null {
  const [texts, setTexts] = useState<CallTexts>({});
  useEffect(() => {
    let live = true;
    void loadCallTexts().then((loaded) => {
      if (live) setTexts(loaded);
    });
    return () => {
      live = false;
    };
  }, []);
  if (ball === null) return null;
  return texts[ball] ?? `Number ${ball}`;
}
