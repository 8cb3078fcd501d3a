import type { EntryContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { withRenderedRoutes } from "./rendered-routes.server";

type Route = { id: string; parentId?: string; path?: string; index?: boolean };

const ROUTES: Route[] = [
  { id: "root", path: "" },
  { id: "public", parentId: "root" },
  { id: "public/index", parentId: "public", index: true },
  { id: "public/services", parentId: "public", path: "services" },
  { id: "dashboard", parentId: "root", path: "dashboard" },
  { id: "dashboard/index", parentId: "dashboard", index: true },
  { id: "dashboard/calendar", parentId: "dashboard", path: "calendar" },
  { id: "dashboard/clients", parentId: "dashboard", path: "clients" },
  { id: "dashboard/orders", parentId: "dashboard", path: "service-orders" },
  { id: "dashboard/orders/index", parentId: "dashboard/orders", index: true },
  { id: "dashboard/orders/detail", parentId: "dashboard/orders", path: ":id" },
];

function context(matched: string[]): EntryContext {
  const routes = Object.fromEntries(
    ROUTES.map((route) => [
      route.id,
      { ...route, module: `/build/${route.id}.js`, hasLoader: true, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false },
    ]),
  );
  return {
    manifest: { routes, entry: { module: "/build/entry.js", imports: [] }, url: "/build/manifest.js", version: "1" },
    staticHandlerContext: { matches: matched.map((id) => ({ route: { id } })) },
    routeModules: {},
  } as unknown as EntryContext;
}

describe("the routes a document renders with (withRenderedRoutes)", () => {
  it("keeps the matched routes and those of each parent path, as Remix's initial manifest does, and no others", () => {
    const kept = withRenderedRoutes(context(["root", "dashboard", "dashboard/calendar"]), new URL("http://x/dashboard/calendar"));
    expect(Object.keys(kept.manifest.routes).sort()).toEqual(["dashboard", "dashboard/calendar", "dashboard/index", "public", "public/index", "root"]);
  });

  it("follows a parent path with a list of its own (an order's page keeps the orders list)", () => {
    const kept = withRenderedRoutes(
      context(["root", "dashboard", "dashboard/orders", "dashboard/orders/detail"]),
      new URL("http://x/dashboard/service-orders/abc"),
    );
    expect(Object.keys(kept.manifest.routes).sort()).toEqual([
      "dashboard",
      "dashboard/index",
      "dashboard/orders",
      "dashboard/orders/detail",
      "dashboard/orders/index",
      "public",
      "public/index",
      "root",
    ]);
  });

  it("changes nothing else of the render's context: the same handler context (its error boundary tracking) and route entries", () => {
    const original = context(["root", "public", "public/services"]);
    const kept = withRenderedRoutes(original, new URL("http://x/services"));
    expect(kept.staticHandlerContext).toBe(original.staticHandlerContext);
    expect(kept.manifest.routes["public/services"]).toBe(original.manifest.routes["public/services"]);
    expect(kept.manifest.entry).toBe(original.manifest.entry);
    expect(original.manifest.routes["dashboard/clients"]).toBeDefined();
    expect(kept.manifest.routes["dashboard/clients"]).toBeUndefined();
  });
});
