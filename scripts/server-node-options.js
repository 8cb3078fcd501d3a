/**
 * Node's options for the server, as package.json's `start` gives them (README "Memory"):
 * - a 256 MB old-generation heap, so that V8 collects instead of growing while garbage accumulates;
 * - the old generation may double after a full collection before the next one (V8's own factor, about
 *   1.3 here, ran a full collection every 20 or so back-office pages, each adding 20–30 ms to the request
 *   it fell on; doubling runs about a third as many, for about 60 MB more at peak, still within the 256 MB).
 * The benchmarks (scripts/bench-support.js), the browser tests (playwright.config.ts) and the two-instance
 * test start the server with them; scripts/server-node-options.test.ts checks that `npm start` agrees.
 */
export const SERVER_NODE_OPTIONS = ["--max-old-space-size=256", "--heap-growing-percent=100"];
