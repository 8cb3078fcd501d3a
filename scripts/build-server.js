// Bundles server/ (the Express host) into dist/server.js, and the document extractor's OCR thread
// (app/features/extractor/ocr-worker.ts) into dist/extract-worker.js: the app's bundle starts it by that
// path (ocr.server.ts `workerModule`), as worker threads load a file, not a module of the bundle.
// The Remix build is loaded at run time from build/index.js (a path computed at run time), so esbuild
// does not bundle it here and a new Remix build needs no new server bundle.
import { build } from "esbuild";

await build({
  entryPoints: { server: "server/index.ts", "extract-worker": "app/features/extractor/ocr-worker.ts" },
  outdir: "dist",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
