import { json } from "@remix-run/node";
import { apiRoute } from "~/lib/api.server";
import { checkHealth } from "~/lib/health.server";

/** GET /api/health: 200 `{ status, db, version }`, 503 when the database does not answer. */
export const { loader, action } = apiRoute({
  GET: async () => {
    const { ok, body } = await checkHealth();
    return json(body, { status: ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
  },
});
