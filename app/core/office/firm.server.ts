import { announceCacheCleared, onCacheCleared } from "~/lib/cache-bus.server";
import { db } from "~/lib/db/db.server";
import type { Firm } from "./firm";

/**
 * The firm's details, read from the content section "firm" (locale '*'), which the content area's
 * admin screens edit. Read on most pages, so kept in memory until the content changes (the content
 * area calls forgetFirm(), which empties it on every instance through Redis when REDIS_URL is set)
 * or, at the latest, for a minute, so that instances without Redis catch up too.
 */
const FIRM_CACHE = "office-firm";
const FIRM_LIFETIME_MS = 60_000;
let kept: { value: Promise<Firm>; expires: number } | undefined;
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  onCacheCleared(FIRM_CACHE, () => {
    kept = undefined;
  });
}

/** The firm's identity: name, proprietor, address, phone, e-mail, hours (language-neutral). */
export function getFirm(): Promise<Firm> {
  listen();
  const now = Date.now();
  if (kept && kept.expires > now) return kept.value;
  const value = readFirm();
  kept = { value, expires: now + FIRM_LIFETIME_MS };
  // A failed read is not remembered: the next request tries again.
  value.catch(() => {
    if (kept?.value === value) kept = undefined;
  });
  return value;
}

/** Forgets the kept details here and on the other instances; the content area calls it after any change to public content. */
export function forgetFirm(): void {
  listen();
  announceCacheCleared(FIRM_CACHE);
}

async function readFirm(): Promise<Firm> {
  const row = await db().selectFrom("contentSections").select("data").where("key", "=", "firm").where("locale", "=", "*").executeTakeFirst();
  const firm = (row?.data as Firm | undefined) ?? null;
  if (!firm) throw new Error("the firm's content section is missing (seedPublicContent not run?)");
  return firm;
}
