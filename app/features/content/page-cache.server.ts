import { defineCache } from "~/core/cache.server";
import type { CachedPage, PageCacheStore } from "../../../server/page-cache";
import { PUBLIC_CACHE } from "./content.server";

// The rendered public pages show public content: they are emptied with it (clearPublicCache). The host
// judges a page's age itself (PAGE_CACHE_TTL_MS, a minute); the same minute lets old pages go here.
const publicPages = defineCache<CachedPage>({ name: PUBLIC_CACHE, ttlMs: 60_000, max: 500 });

/** The store behind the host's public page cache (server/page-cache.ts). */
export const pageCacheStore: PageCacheStore = {
  get: (key) => publicPages.peek(key),
  set: (key, page) => publicPages.set(key, page),
};
