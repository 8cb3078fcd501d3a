import type { MetaFunction } from "@remix-run/node";

/**
 * The one page-title helper for `meta` (docs/decisions/007): a page's loader returns
 * its translated `title` (the record's name on a detail page) and the route says
 * `export const meta = titleMeta;`. The document title reads "Page · Site".
 */
type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;
type RootTitles = { siteTitle?: string; notFoundTitle?: string } | undefined;

function rootTitles(matches: Matches): RootTitles {
  return matches.find((match) => match?.id === "root")?.data as RootTitles;
}

export function siteTitle(matches: Matches): string {
  return rootTitles(matches)?.siteTitle ?? "";
}

/** "Page · Site", or the site title alone. */
export function pageTitle(matches: Matches, page?: string | null): string {
  return [page, siteTitle(matches)].filter(Boolean).join(" · ");
}

/**
 * The meta of a page whose loader returns `{ title }`; a page that failed with 404 (an unknown
 * path, a record that is not there or not yours) is titled "This page is not found".
 */
export const titleMeta: MetaFunction = ({ data, error, matches }) => {
  const status = (error as { status?: number } | undefined)?.status;
  const title = status === 404 ? rootTitles(matches)?.notFoundTitle : (data as { title?: string } | undefined)?.title;
  return [{ title: pageTitle(matches, title) }];
};
