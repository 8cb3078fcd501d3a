import { defineCache } from "~/core/cache.server";
import { db } from "~/lib/db/db.server";
import type { Firm } from "./firm";

/**
 * The firm's details, read from the content section "firm" (locale '*'), which the content area's
 * admin screens edit. Read on most pages, so kept in memory until the content changes (the content
 * area calls forgetFirm(), which empties it on every instance through Redis when REDIS_URL is set)
 * or, at the latest, for a minute, so that instances without Redis catch up too.
 */
const kept = defineCache<Firm>({ name: "office-firm", ttlMs: 60_000 });

/** The firm's identity: name, proprietor, address, phone, e-mail, hours (language-neutral). */
export function getFirm(): Promise<Firm> {
  return kept.get("firm", readFirm);
}

/** Forgets the kept details here and on the other instances; the content area calls it after any change to public content. */
export function forgetFirm(): void {
  kept.invalidate();
}

async function readFirm(): Promise<Firm> {
  const row = await db().selectFrom("contentSections").select("data").where("key", "=", "firm").where("locale", "=", "*").executeTakeFirst();
  const firm = (row?.data as Firm | undefined) ?? null;
  if (!firm) throw new Error("the firm's content section is missing (seedPublicContent not run?)");
  return firm;
}
