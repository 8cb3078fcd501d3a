import type { EntryContext } from "@remix-run/node";
import { useMatches } from "@remix-run/react";

/**
 * Pages that work entirely as HTML (links, <details>, plain forms) say so with
 * `export const handle = { hydrate: false } satisfies HydrationHandle`; the
 * document then leaves out the JavaScript bundle for them (public pages load
 * fast on slow phones). Any matched route without it keeps the scripts.
 */
export type HydrationHandle = { hydrate?: boolean };

function bundleFree(handles: unknown[]): boolean {
  return handles.some((handle) => (handle as HydrationHandle | undefined)?.hydrate === false);
}

export function useShouldHydrate(): boolean {
  return !bundleFree(useMatches().map((match) => match.handle));
}

/** The same answer on the server, before rendering: the matched page ships no bundle. */
export function isBundleFree(context: EntryContext): boolean {
  return bundleFree(context.staticHandlerContext.matches.map((match) => context.routeModules[match.route.id]?.handle));
}
