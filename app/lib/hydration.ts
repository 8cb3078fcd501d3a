import { useMatches } from "@remix-run/react";

/**
 * Pages that work entirely as HTML (links, <details>, plain forms) say so with
 * `export const handle = { hydrate: false } satisfies HydrationHandle`; the
 * document then leaves out the JavaScript bundle for them (public pages load
 * fast on slow phones). Any matched route without it keeps the scripts.
 */
export type HydrationHandle = { hydrate?: boolean };

export function useShouldHydrate(): boolean {
  return useMatches().every((match) => (match.handle as HydrationHandle | undefined)?.hydrate !== false);
}
