import type { MetaArgs } from "@remix-run/node";

type RootData = { i18n?: { resources?: Record<string, unknown> } } | undefined;

/** A page title from the strings the root loader sent (meta runs outside React, so no hook). */
export function pageTitle(args: Pick<MetaArgs, "matches">, namespace: string, key: string): Array<{ title: string }> {
  const root = args.matches.find((match) => match.id === "root")?.data as RootData;
  let value: unknown = root?.i18n?.resources?.[namespace];
  for (const part of key.split(".")) value = (value as Record<string, unknown> | undefined)?.[part];
  return [{ title: typeof value === "string" ? value : "" }];
}

export function authPageTitle(args: Pick<MetaArgs, "matches">, key: string): Array<{ title: string }> {
  return pageTitle(args, "auth", key);
}
