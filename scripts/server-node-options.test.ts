import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { SERVER_NODE_OPTIONS } from "./server-node-options.js";

it("npm start runs the server with the options the benchmarks and browser tests use", () => {
  const manifest = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../package.json"), "utf8")) as { scripts: Record<string, string> };
  expect(manifest.scripts.start).toContain(`exec node ${SERVER_NODE_OPTIONS.join(" ")} dist/server.js`);
});
