// Bundles server/ (the Express host) into dist/server.js. The Remix build is
// loaded at run time from build/index.js, so it is not bundled here (STACK-NOTES trap 12).
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
