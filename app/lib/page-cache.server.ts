import type { CachedPage, PageCacheStore } from "../../server/page-cache";

const MAX_PAGES = 500;
const pages = new Map<string, CachedPage>();

/** The store behind the host's public page cache (server/page-cache.ts). */
export const pageCacheStore: PageCacheStore = {
  get: (key) => pages.get(key),
  set(key, page) {
    // Oldest first out: a Map keeps insertion order.
    if (pages.size >= MAX_PAGES) pages.delete(pages.keys().next().value!);
    pages.set(key, page);
  },
  clear: () => pages.clear(),
};
