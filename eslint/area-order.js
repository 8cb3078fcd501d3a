/**
 * The declared order of the app's layers and areas. A module may import only what sits to its left:
 * never a layer or area to its right, never another area of its own group. Because the order is strict,
 * no import cycle between areas can exist while the lint passes.
 *
 * lib        platform: database, environment, HTTP, logging, cookies, Redis, storage, mail, jobs
 * core       what every area stands on: identity, the office, notify, cache, Markdown, CSV
 * components shared UI: buttons, Badge, forms, dialogs
 * areas      app/features/<area>, in the groups below
 * shell      what combines areas around every page: the staff and client frame, the public frame
 * top        routes, root, entry files, jobs and platform wiring, the server
 */

/** Areas in groups, lowest first. An area may import areas of earlier groups only, and only their entry files. */
export const AREA_GROUPS = [
  ["content", "audit", "extractor"],
  ["languages", "email", "certificates", "users"],
  ["auth", "inbox", "services", "availability"],
  ["notifications", "appointments", "machine-translation"],
  ["service-orders"],
  ["billing", "messages", "reports", "requests", "tasks", "translations"],
  ["payments"],
  // Read models: they combine areas for one screen or job, and nothing but routes imports them.
  ["statistics"],
  ["client-records", "client-todo"],
  // The demo seeder fills every area and then refreshes the read models.
  ["demo"],
];

/** What a path under app/ is: { layer, area?, rank }. Rank orders everything; an import must go to a lower rank. */
export function classify(relativeToApp) {
  const parts = relativeToApp.split("/");
  const [top, second] = parts;
  // Stylesheets and interface strings are assets any layer may load.
  if (top === "styles" || top === "locales") return { layer: "assets", rank: 0 };
  if (top === "lib") return { layer: "lib", rank: 0 };
  if (top === "core") return { layer: "core", rank: 1 };
  if (top === "components") return { layer: "components", rank: 2 };
  if (top === "features" && second) {
    const name = second.replace(/\.(ts|tsx|js)$/, "");
    const group = AREA_GROUPS.findIndex((g) => g.includes(name));
    return { layer: "areas", area: name, group, rank: group < 0 ? undefined : 10 + group };
  }
  if (top === "shell") return { layer: "shell", rank: 100 };
  return { layer: "top", rank: 1000 };
}

/** True when `inArea` (the path inside the area's folder) names one of the area's entry files. */
export function isAreaEntry(inArea) {
  return /^(index(\.server)?(\.(ts|tsx|js))?)?$/.test(inArea);
}

/** True when a module classified `from` may not import one classified `to` (two modules of one area are the caller's case). */
export function againstOrder(from, to) {
  if (from.layer === "areas" && to.layer === "areas") return from.group <= to.group;
  return to.rank > from.rank;
}
