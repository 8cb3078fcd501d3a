import { json } from "@remix-run/node";
import { pingDatabase } from "~/lib/db/db.server";
import { appVersion } from "~/lib/version.server";

export async function loader() {
  const ok = await pingDatabase();
  return json(
    { status: ok ? "ok" : "error", db: ok ? "ok" : "error", version: appVersion },
    { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } },
  );
}
