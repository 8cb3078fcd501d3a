import { json } from "@remix-run/node";
import { apiRoute } from "~/lib/api.server";
import { checkHealth } from "~/lib/health.server";

/** GET /api/health (liveness): 200 `{ status: "ok", db, version }` once started, whatever `db` says; 503 `{ status: "starting" }` before. */
export const { loader, action } = apiRoute({
  GET: async () => {
    const { ok, body } = await checkHealth();
    return json(body, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  },
});
