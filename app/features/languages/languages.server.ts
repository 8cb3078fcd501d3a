import { sql, type Transaction } from "kysely";
import { clearPublicCache } from "~/features/content/index.server";
import { AppError } from "~/lib/app-error";
import { audit } from "~/lib/audit.server";
import { db } from "~/lib/db/db.server";
import type { Database } from "~/lib/db/schema";
import { fallbackLanguage, supportedLanguages, type Language } from "~/lib/i18n/config";
import { bundledResources, setStringOverrides, setStringOverridesRefresher, stringOverridesVersion, type StringOverrides } from "~/lib/i18n/resources.server";
import { nowIso } from "~/lib/ids.server";
import { logger } from "~/lib/logger.server";
import { toPage, offsetOf, type Page } from "~/lib/pagination";
import { redis } from "~/lib/redis.server";
import type { StringListQuery } from "./languages.schema";
import { placeholdersOf, samePlaceholders } from "./placeholders";

/**
 * Interface strings overridden per language at run time (/dashboard/languages, docs/decisions/017).
 *
 * The bundled files (app/locales) stay the source; an override (table translation_overrides) is
 * merged over them by app/lib/i18n/resources.server.ts, for server rendering and for
 * /locales/{lng}/{ns}.json alike. Every change raises the version in translation_override_state:
 * it is the `?v=` of the locales URLs (so browsers fetch the new strings) and what instances compare.
 *
 * Across instances: with Redis, a change writes the new version under OVERRIDES_VERSION_KEY, which
 * every instance reads before it hands out strings (one GET per request: the next page view on any
 * instance has the change), then empties every instance's public caches through the cache helper
 * (the page cache answers before the app runs). Without Redis, an instance compares its version with
 * the database's at most every CHECK_WITHOUT_REDIS_MS.
 */
export const OVERRIDES_VERSION_KEY = "firm:i18n-overrides:version";
export const CHECK_WITHOUT_REDIS_MS = 10_000;

/* ---------------------------------------------------------------- the bundled catalogue */

/** Every string of a namespace as dotted keys (`nav.groups.work`), in file order. */
function flatten(node: unknown, prefix = "", into: Map<string, string> = new Map()): Map<string, string> {
  if (node && typeof node === "object") {
    for (const [name, value] of Object.entries(node as Record<string, unknown>)) flatten(value, prefix ? `${prefix}.${name}` : name, into);
  } else if (typeof node === "string") {
    into.set(prefix, node);
  }
  return into;
}

type Catalogue = {
  base: ReturnType<typeof bundledResources>;
  byLanguage: Record<Language, Record<string, Map<string, string>>>;
  /** stringsToSay, by language and namespace, worked out on first use. */
  toSay: Map<string, Map<string, SayString>>;
};
let catalogue: Catalogue | undefined;

/** The bundled strings flattened, per language and namespace (made again when the files are read again). */
function bundledCatalogue(): Catalogue["byLanguage"] {
  const base = bundledResources();
  if (catalogue?.base === base) return catalogue.byLanguage;
  const byLanguage = Object.fromEntries(
    supportedLanguages.map((language) => [language, Object.fromEntries(Object.entries(base[language]).map(([ns, strings]) => [ns, flatten(strings)]))]),
  ) as Catalogue["byLanguage"];
  catalogue = { base, byLanguage, toSay: new Map() };
  return byLanguage;
}

const PLURAL_FORMS = ["zero", "one", "two", "few", "many", "other"] as const;
type PluralForm = (typeof PLURAL_FORMS)[number];
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** A string a language has to say: the English text it stands for and, for a plural form, a few counts it is for. */
type SayString = { english: string; pluralCounts: number[] | null };

/**
 * The strings a language has to say in a namespace, in file order. They are the English keys, but for
 * plurals: i18next picks `key_two` or `key_few` by the language's own plural rules (Intl.PluralRules),
 * so Arabic says six forms of a plural that English says in two (one, other), and French three. A form
 * English lacks stands for the English "other" text.
 */
function stringsToSay(language: Language, namespace: string): Map<string, SayString> | undefined {
  const english = bundledCatalogue()[fallbackLanguage];
  if (!Object.hasOwn(english, namespace)) return undefined;
  const cacheKey = `${language}\u0000${namespace}`;
  const cached = catalogue!.toSay.get(cacheKey);
  if (cached) return cached;
  const strings = english[namespace]!;
  const rules = new Intl.PluralRules(language);
  const forms = rules.resolvedOptions().pluralCategories;
  const counts = Object.fromEntries(PLURAL_FORMS.map((form) => [form, countsOfForm(rules, form)])) as Record<PluralForm, number[]>;
  const result = new Map<string, SayString>();
  for (const [key, text] of strings) {
    const suffix = PLURAL_SUFFIX.exec(key);
    const base = suffix ? key.slice(0, -suffix[0].length) : key;
    if (!suffix || !strings.has(`${base}_other`)) {
      result.set(key, { english: text, pluralCounts: null });
      continue;
    }
    if (result.has(`${base}_other`)) continue;
    for (const form of PLURAL_FORMS) {
      const own = strings.get(`${base}_${form}`);
      if (own !== undefined || forms.includes(form))
        result.set(`${base}_${form}`, { english: own ?? strings.get(`${base}_other`)!, pluralCounts: counts[form] });
    }
  }
  catalogue!.toSay.set(cacheKey, result);
  return result;
}

/** A few counts a plural form of a language is used for (3, 4, 5 for Arabic "few"; 1000000 for French "many"). */
function countsOfForm(rules: Intl.PluralRules, form: PluralForm): number[] {
  const counts: number[] = [];
  for (const count of [...Array.from({ length: 201 }, (_, index) => index), 1_000_000]) {
    if (rules.select(count) === form) counts.push(count);
    if (counts.length === 3) break;
  }
  return counts;
}

/** The namespaces, as the English files name them. */
export function listNamespaces(): string[] {
  return Object.keys(bundledCatalogue()[fallbackLanguage]).sort();
}

/* ---------------------------------------------------------------- loading and freshness */

type Loaded = { version: number; token: string | null; checkedAt: number };
/**
 * What this process loaded: the version, the Redis token it answers to, when it last compared (null:
 * nothing yet). It answers freshness itself (check), so it is no cache: another instance's change is
 * seen by its token.
 */
let loaded: Loaded | null = null;
let inFlight: Promise<void> | null = null;

async function readVersion(): Promise<number> {
  const row = await db().selectFrom("translationOverrideState").select("version").where("id", "=", 1).executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** Reads every override (a few hundred rows at most: one per string changed) into the merge. */
async function loadOverrides(token: string | null): Promise<void> {
  const [version, rows] = await Promise.all([
    readVersion(),
    db().selectFrom("translationOverrides").select(["language", "namespace", "key", "value"]).execute(),
  ]);
  const entries: StringOverrides = {};
  for (const row of rows) {
    const language = row.language as Language;
    ((entries[language] ??= {})[row.namespace] ??= {})[row.key] = row.value;
  }
  setStringOverrides(version, entries);
  loaded = { version, token, checkedAt: Date.now() };
}

async function check(): Promise<void> {
  const client = redis();
  if (client) {
    try {
      const token = await client.get(OVERRIDES_VERSION_KEY);
      if (loaded && token === loaded.token) return;
      // A token never seen (another instance's change, or a Redis that forgot it): read the database.
      if (!loaded || (await readVersion()) !== loaded.version || token === null) return await loadOverrides(token);
      loaded = { ...loaded, token };
      return;
    } catch (error) {
      logger.warn({ err: error }, "string overrides: redis unavailable, reading the database");
    }
  }
  if (loaded && Date.now() - loaded.checkedAt < CHECK_WITHOUT_REDIS_MS) return;
  if (!loaded || (await readVersion()) !== loaded.version) return loadOverrides(loaded?.token ?? null);
  loaded = { ...loaded, checkedAt: Date.now() };
}

/**
 * Brings this process's overrides up to date (concurrent callers share one check). Registered
 * with app/lib/i18n so that every i18next instance and the locales route see current strings.
 */
export function refreshOverrides(): Promise<void> {
  inFlight ??= check()
    .catch((error: unknown) => logger.error({ err: error }, "string overrides: could not be read"))
    .finally(() => (inFlight = null));
  return inFlight;
}

setStringOverridesRefresher(refreshOverrides);

/** Forgets what was loaded (tests that change the database underneath, a new database). */
export function forgetOverrides(): void {
  loaded = null;
  setStringOverrides(0, {});
}

/** The overrides' version in use (the locales `?v=`). */
export function overridesVersion(): number {
  return stringOverridesVersion();
}

/* ---------------------------------------------------------------- reading for the screen */

export type LanguageCoverage = { language: Language; namespace: string; total: number; translated: number; overridden: number };

async function overrideMap(): Promise<Map<string, string>> {
  // One read of the whole table: it holds one row per string changed, never more than the catalogue.
  const rows = await db().selectFrom("translationOverrides").select(["language", "namespace", "key", "value"]).execute();
  return new Map(rows.map((row) => [`${row.language}\u0000${row.namespace}\u0000${row.key}`, row.value]));
}

const id = (language: string, namespace: string, key: string) => `${language}\u0000${namespace}\u0000${key}`;

/**
 * Per language and namespace: how many of the strings it has to say (the English keys, with the
 * language's own plural forms) have a text, in the file or as an override, and how many are overridden.
 */
export async function languageCoverage(): Promise<LanguageCoverage[]> {
  const strings = bundledCatalogue();
  const overrides = await overrideMap();
  const result: LanguageCoverage[] = [];
  for (const language of supportedLanguages) {
    for (const namespace of listNamespaces()) {
      const toSay = stringsToSay(language, namespace)!;
      const own = Object.hasOwn(strings[language], namespace) ? strings[language][namespace] : undefined;
      let translated = 0;
      let overridden = 0;
      for (const key of toSay.keys()) {
        const override = overrides.get(id(language, namespace, key));
        if (override !== undefined) overridden += 1;
        if ((override ?? own?.get(key) ?? "").trim() !== "") translated += 1;
      }
      result.push({ language, namespace, total: toSay.size, translated, overridden });
    }
  }
  return result;
}

export type StringRow = {
  namespace: string;
  key: string;
  english: string;
  /** The bundled text in the language shown, null when the file lacks it. */
  bundled: string | null;
  override: string | null;
  placeholders: string[];
  /** For a plural form, a few counts it is used for in this language (its `{{count}}` may then be left out). */
  pluralCounts: number[] | null;
};

/**
 * One page of strings of a language: every namespace or one, filtered by a search over keys,
 * English text and current values, and by missing / overridden. The catalogue is the bundled
 * files (held in memory), so the page is cut here, on the server.
 */
export async function listStrings(query: StringListQuery): Promise<Page<StringRow>> {
  const language = query.language ?? "fr";
  const strings = bundledCatalogue();
  const overrides = await overrideMap();
  const namespaces = query.ns && listNamespaces().includes(query.ns) ? [query.ns] : listNamespaces();
  const needle = query.q?.toLocaleLowerCase();
  const rows: StringRow[] = [];
  for (const namespace of namespaces) {
    for (const [key, { english, pluralCounts }] of stringsToSay(language, namespace)!) {
      const bundled = (Object.hasOwn(strings[language], namespace) ? strings[language][namespace]!.get(key) : undefined) ?? null;
      const override = overrides.get(id(language, namespace, key)) ?? null;
      const current = override ?? bundled ?? "";
      if (query.show === "missing" && current.trim() !== "") continue;
      if (query.show === "overridden" && override === null) continue;
      if (needle && ![`${namespace}:${key}`, english, current].some((text) => text.toLocaleLowerCase().includes(needle))) continue;
      rows.push({ namespace, key, english, bundled, override, placeholders: placeholdersOf(english), pluralCounts });
    }
  }
  const request = { page: query.page, perPage: query.perPage };
  const start = offsetOf(request);
  return toPage(rows.slice(start, start + request.perPage), rows.length, request);
}

/* ---------------------------------------------------------------- changing */

type Actor = { id: string };
type StringId = { language: Language; namespace: string; key: string };

function stringToSay({ language, namespace, key }: StringId): SayString {
  const string = stringsToSay(language, namespace)?.get(key);
  if (!string) throw new AppError(404, "languages:errors.unknownString", { field: "key" });
  return string;
}

/**
 * Tells every instance of the new version: first under OVERRIDES_VERSION_KEY (what each reads per
 * request, and reloads its strings when it differs from what it loaded), then by emptying every
 * instance's public caches (pages that never reach the app); this one then loads the change.
 */
async function announceChange(version: number): Promise<void> {
  const token = `${version}:${nowIso()}:${Math.random().toString(36).slice(2)}`;
  const client = redis();
  if (client) {
    try {
      await client.set(OVERRIDES_VERSION_KEY, token);
    } catch (error) {
      logger.warn({ err: error }, "string overrides: could not tell the other instances");
    }
  }
  clearPublicCache();
  await loadOverrides(token);
}

/**
 * Saves the text of one string in one language. Refused: a string the language does not have to say
 * (a key the English files lack, a plural form of another language), and a text whose placeholders
 * differ from the English string's ("override placeholder check"; a plural form may leave out `count`).
 */
export async function saveOverride(actor: Actor, input: StringId & { value: string }): Promise<void> {
  const { english, pluralCounts } = stringToSay(input);
  if (!samePlaceholders(english, input.value, { countOptional: pluralCounts !== null })) {
    const expected =
      placeholdersOf(english)
        .map((name) => `{{${name}}}`)
        .join(" ") || "—";
    throw new AppError(422, "languages:errors.placeholders", { field: "value", params: { expected } });
  }
  await changeOverrides(actor, "saved", input, (trx) =>
    trx
      .insertInto("translationOverrides")
      .values({ language: input.language, namespace: input.namespace, key: input.key, value: input.value, updatedBy: actor.id, updatedAt: nowIso() })
      .onConflict((oc) => oc.columns(["language", "namespace", "key"]).doUpdateSet({ value: input.value, updatedBy: actor.id, updatedAt: nowIso() }))
      .execute(),
  );
}

/** Removes the override of one string: the bundled text shows again. */
export async function resetOverride(actor: Actor, input: StringId): Promise<void> {
  stringToSay(input);
  await changeOverrides(actor, "reset", input, (trx) =>
    trx
      .deleteFrom("translationOverrides")
      .where("language", "=", input.language)
      .where("namespace", "=", input.namespace)
      .where("key", "=", input.key)
      .execute(),
  );
}

/**
 * One change of the overrides, in a transaction with the version's bump (the cache-busting
 * `?v=` and the other instances' signal), then audited and announced.
 */
async function changeOverrides(
  actor: Actor,
  action: "saved" | "reset",
  input: StringId,
  change: (trx: Transaction<Database>) => Promise<unknown>,
): Promise<void> {
  const version = await db()
    .transaction()
    .execute(async (trx) => {
      await change(trx);
      const row = await trx
        .updateTable("translationOverrideState")
        .set({ version: sql<number>`version + 1` })
        .where("id", "=", 1)
        .returning("version")
        .executeTakeFirstOrThrow();
      return Number(row.version);
    });
  await audit({
    actorId: actor.id,
    action: `translation_override.${action}`,
    targetType: "string",
    targetId: `${input.language}:${input.namespace}:${input.key}`,
  });
  await announceChange(version);
}
