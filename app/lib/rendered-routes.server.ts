import type { EntryContext } from "@remix-run/node";
import { matchRoutes } from "@remix-run/react";

type ManifestRoutes = EntryContext["manifest"]["routes"];
type RouteNode =
  | { id: string; path?: string; index: true; caseSensitive?: boolean }
  | { id: string; path?: string; index?: false; caseSensitive?: boolean; children: RouteNode[] };

/** The app's route tree (ids and paths only), built once per build's manifest. */
const trees = new WeakMap<ManifestRoutes, RouteNode[]>();

function routeTree(routes: ManifestRoutes): RouteNode[] {
  let tree = trees.get(routes);
  if (tree) return tree;
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const { id, path, caseSensitive } = route;
    nodes.set(id, route.index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: [] });
  }
  tree = [];
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const node = nodes.get(route.id)!;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent && !parent.index ? parent.children : tree).push(node);
  }
  trees.set(routes, tree);
  return tree;
}

/**
 * The render's context with only the routes the document needs: those it renders, and those of its parent
 * paths (the initial manifest Remix's <Scripts> sends to the browser under lazy route discovery; the browser
 * discovers the others as it navigates).
 *
 * Why: RemixServer turns every route of the manifest (about 250) into a router route on each render, and
 * the router matches the URL against all of them again. That was about 0.3 MB a page that V8 promoted to
 * the old generation before it died, more than half of what a page left there, and full collections are most of a
 * page's slow tail (README "Speed at volume"). The routes kept are exactly those the browser gets either
 * way, so the HTML is the same.
 */
export function withRenderedRoutes(context: EntryContext, url: URL): EntryContext {
  const all = context.manifest.routes;
  const ids = new Set(context.staticHandlerContext.matches.map((match) => match.route.id));
  const segments = url.pathname.split("/").filter(Boolean);
  segments.pop();
  const parents = ["/"];
  for (; segments.length > 0; segments.pop()) parents.push(`/${segments.join("/")}`);
  const tree = routeTree(all);
  for (const path of parents) for (const match of matchRoutes(tree, path) ?? []) ids.add(match.route.id);
  const routes: ManifestRoutes = {};
  for (const id of ids) {
    const route = all[id];
    if (route) routes[id] = route;
  }
  return { ...context, manifest: { ...context.manifest, routes } };
}
