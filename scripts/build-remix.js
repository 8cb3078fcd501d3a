// The Remix build (app → build/ and public/build/), as `remix build` does it, plus one step
// `remix build` leaves out: disposing the compiler's esbuild contexts before the process ends.
// Without it the esbuild service can be left waiting on a callback from a Node process that
// has already gone, and prints "fatal error: all goroutines are asleep - deadlock!" (seen on a
// loaded 2-core machine in about one build in four). @remix-run/dev is pinned (2.17.5), so the
// internal modules used here do not move under us.
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const fse = require("fs-extra");
const { readConfig } = require("@remix-run/dev/dist/config.js");
const compiler = require("@remix-run/dev/dist/compiler/compiler.js");
const { createFileWatchCache } = require("@remix-run/dev/dist/compiler/fileWatchCache.js");
const { logger } = require("@remix-run/dev/dist/tux/logger.js");

const mode = process.env.NODE_ENV === "development" ? "development" : "production";
process.env.NODE_ENV ??= mode;
const started = Date.now();
logger.info(`building... (NODE_ENV=${mode})`);
const config = await readConfig(path.resolve("."));
fse.emptyDirSync(config.assetsBuildDirectory);
const build = await compiler.create({ config, options: { mode, sourcemap: false }, fileWatchCache: createFileWatchCache(), logger });
try {
  await build.compile();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await build.dispose();
}
if (!process.exitCode) logger.info(`built (${((Date.now() - started) / 1000).toFixed(1)}s)`);
