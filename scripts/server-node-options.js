/**
 * Node's options for the server, as package.json's `start` gives them (README "Memory"): a 256 MB
 * old-generation heap, so that V8 collects instead of growing while garbage accumulates. The
 * benchmarks (scripts/bench-support.js), the browser tests (playwright.config.ts) and the
 * two-instance test start the server with them.
 */
export const SERVER_NODE_OPTIONS = ["--max-old-space-size=256"];
