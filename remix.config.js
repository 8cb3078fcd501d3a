import { flatRoutes } from "remix-flat-routes";

/** The legal pages' paths: one route module serves them all and reads the path to choose the document. */
const LEGAL_PATHS = ["termsOfService", "privacyPolicy", "privacy-policy", "cookiePolicy"];

/** @param {import('@remix-run/dev/dist/config/routes').DefineRoutesFunction} defineRoutes */
function legalRoutes(defineRoutes) {
  const routes = defineRoutes((route) => {
    for (const path of LEGAL_PATHS) route(path, "routes/_public+/__legal.tsx", { id: `routes/_public+/${path}` });
  });
  // Inside the public layout, like the pages flat-routes finds in the folder.
  for (const route of Object.values(routes)) route.parentId = "routes/_public+/_layout";
  return routes;
}

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  tailwind: false,
  postcss: true,
  watchPaths: ["./server/**/*.ts"],
  routes: async (defineRoutes) => ({
    ...flatRoutes("routes", defineRoutes, {
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}", "**/__*.*"],
    }),
    ...legalRoutes(defineRoutes),
  }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
};
