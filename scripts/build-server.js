// Bundles server/ (the Express host) into dist/server.js. The Remix build is
// loaded at run time from build/index.js (a path computed at run time), so esbuild does not bundle
// it here and a new Remix build needs no new server bundle.
import { build } from "esbuild";

await build({
  entryPoints: ["server/index.ts"],
  outfile: "dist/server.js",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
