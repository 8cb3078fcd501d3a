import fs from "node:fs";
import path from "node:path";
import { supportedLanguages, type Language } from "./config";

export type Namespaces = Record<string, Record<string, unknown>>;
export type Resources = Record<Language, Namespaces>;

/** app/locales/{lng}/{ns}.json, read from the working tree (npm start runs at the project root). */
export const LOCALES_DIR = path.resolve(process.env.LOCALES_DIR ?? "app/locales");

let cache: Resources | undefined;

function readLanguage(language: Language): Namespaces {
  const dir = path.join(LOCALES_DIR, language);
  const namespaces: Namespaces = {};
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith(".json")) continue;
    namespaces[file.slice(0, -".json".length)] = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"));
  }
  return namespaces;
}

/**
 * The bundled files, without run-time overrides; read on each call in development (an edited file
 * applies at once), else once: a new read makes new i18next instances, which every e-mail and live
 * notification would pay for.
 */
export function bundledResources(): Resources {
  if (cache && process.env.NODE_ENV !== "development") return cache;
  cache = Object.fromEntries(supportedLanguages.map((language) => [language, readLanguage(language)])) as Resources;
  return cache;
}

/**
 * Strings overridden at run time (/dashboard/languages): language → namespace → dotted key → text.
 * The languages area (app/features/languages) keeps them here, loaded from the database, with the
 * version they were read at; this module only merges them over the files.
 */
export type StringOverrides = Partial<Record<Language, Record<string, Record<string, string>>>>;

let overrides: { version: number; entries: StringOverrides } = { version: 0, entries: {} };
let merged: { base: Resources; version: number; value: Resources } | undefined;

export function setStringOverrides(version: number, entries: StringOverrides): void {
  overrides = { version, entries };
  merged = undefined;
}

/** The version of the overrides in use: part of the `?v=` of /locales/{lng}/{ns}.json. */
export function stringOverridesVersion(): number {
  return overrides.version;
}

/** `nav.home` → the object holding `home`, created along the way. */
function setPath(target: Record<string, unknown>, key: string, value: string): void {
  const parts = key.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (!next || typeof next !== "object") node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
}

function mergeOverrides(base: Resources, entries: StringOverrides): Resources {
  const result = { ...base } as Resources;
  for (const language of supportedLanguages) {
    const byNamespace = entries[language];
    if (!byNamespace) continue;
    const namespaces: Namespaces = { ...base[language] };
    for (const [namespace, keys] of Object.entries(byNamespace)) {
      if (!Object.hasOwn(namespaces, namespace)) continue;
      const copy = structuredClone(namespaces[namespace]!);
      for (const [key, value] of Object.entries(keys)) setPath(copy, key, value);
      namespaces[namespace] = copy;
    }
    result[language] = namespaces;
  }
  return result;
}

/**
 * Every namespace of every language: the bundled files with the run-time overrides merged
 * over them. The same object until the files or the overrides change (i18n.server keys its
 * i18next instances on it).
 */
export function resources(): Resources {
  const base = bundledResources();
  if (merged && merged.base === base && merged.version === overrides.version) return merged.value;
  merged = { base, version: overrides.version, value: mergeOverrides(base, overrides.entries) };
  return merged.value;
}

/**
 * How the overrides are kept current: the languages area registers a check (its version against
 * the database's or Redis's) that i18n.server awaits before handing out strings.
 */
let refresher: (() => Promise<void>) | undefined;

export function setStringOverridesRefresher(check: (() => Promise<void>) | undefined): void {
  refresher = check;
}

export async function refreshStringOverrides(): Promise<void> {
  await refresher?.();
}
