import { execFileSync } from "node:child_process";
import { CHROMIUM_FLAGS } from "../../scripts/chromium-flags.js";

/** What the Playwright configurations (playwright.config.ts, playwright.cluster.config.ts) share. */

/** How the browser tests launch Debian's Chromium (CHROMIUM_PATH overrides where it is). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [...CHROMIUM_FLAGS, "--disable-quic"],
};

/** A port free on 127.0.0.1 now, found synchronously (a configuration file is loaded synchronously). */
export function freePortSync(): string {
  return execFileSync(process.execPath, ["-e", "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"])
    .toString()
    .trim();
}
