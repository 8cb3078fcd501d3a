/**
 * Page titles from the root loader's strings (meta functions run outside React,
 * so they cannot use useTranslation). `key` is "namespace:path.to.key".
 */
type Matches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

export function translateFromMatches(matches: Matches, key: string): string {
  const root = matches.find((match) => match?.id === "root")?.data as { i18n?: { resources?: Record<string, unknown> } } | undefined;
  const [namespace, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
  let value: unknown = root?.i18n?.resources?.[namespace];
  for (const part of path.split(".")) value = value && typeof value === "object" ? (value as Record<string, unknown>)[part] : undefined;
  return typeof value === "string" ? value : "";
}

/** "Page · Site", or the site title alone. */
export function pageTitle(matches: Matches, key?: string): string {
  const site = translateFromMatches(matches, "common:shell.siteTitle");
  const page = key ? translateFromMatches(matches, key) : "";
  return [page, site].filter(Boolean).join(" · ");
}
