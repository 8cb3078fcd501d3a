/**
 * The flags every launch of Debian's Chromium here takes (the browser tests and `npm run bench:pages`):
 * no sandbox (root in a container), no GPU, and nothing that would reach the network on its own.
 */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
