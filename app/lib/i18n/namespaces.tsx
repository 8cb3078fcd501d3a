import { createContext, useContext } from "react";
import { defaultNS } from "./config";

/**
 * Per-page translation namespaces (docs/decisions/007). A route says which
 * namespaces its page uses: `export const handle = { i18n: ["orders"] } satisfies RouteHandle`.
 * A document carries only the strings of the namespaces its matched routes name
 * (`common` always), in a JSON script the browser initialises i18next from; a
 * client-side navigation fetches any other namespace from `/locales/{lng}/{ns}.json`
 * before the new page shows (the navigation is a React transition: the old page
 * stays until the strings are there).
 */
export type I18nHandle = { i18n?: readonly string[] };

export function namespacesOf(handles: readonly unknown[]): string[] {
  const names = new Set<string>([defaultNS]);
  for (const handle of handles) for (const name of (handle as I18nHandle | undefined)?.i18n ?? []) names.add(name);
  return [...names];
}

/** `stringsVersion`: the run-time overrides' version, part of the `?v=` of /locales URLs (cache-busting). */
export type I18nBootstrap = { language: string; resources: Record<string, unknown>; stringsVersion?: number };

export const I18N_BOOTSTRAP_ID = "i18n-bootstrap";

/** The serialised bootstrap, the same text on the server (per request) and in the browser (read once). */
const BootstrapContext = createContext<string>("");
export const I18nBootstrapProvider = BootstrapContext.Provider;

let browserBootstrap = "";

/** The browser's copy, read from the document before hydration (entry.client). */
export function readBootstrapFromDocument(): I18nBootstrap | null {
  const element = typeof document === "undefined" ? null : document.getElementById(I18N_BOOTSTRAP_ID);
  browserBootstrap = element?.textContent ?? "";
  if (!browserBootstrap) return null;
  try {
    return JSON.parse(browserBootstrap) as I18nBootstrap;
  } catch {
    return null;
  }
}

/** `<` is escaped so that no string can close the script element. */
export function serialiseBootstrap(bootstrap: I18nBootstrap): string {
  return JSON.stringify(bootstrap).replace(/</g, "\\u003c");
}

/** The JSON script of the page's strings (a data block: not executed, so the CSP does not apply). */
export function I18nBootstrapScript() {
  const serverText = useContext(BootstrapContext);
  const text = serverText || browserBootstrap;
  if (!text) return null;
  return <script id={I18N_BOOTSTRAP_ID} type="application/json" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: text }} />;
}

/** What a route module may say in its `handle`. */
export type RouteHandle = I18nHandle & { hydrate?: boolean };
