import { json } from "@remix-run/node";
import { apiRoute } from "~/lib/api.server";
import { checkReadiness } from "~/lib/health.server";

/** GET /api/ready (readiness): 200 `{ status: "ready", … }`, or 503 while starting or migrating, or when the database or the file store does not answer. */
export const { loader, action } = apiRoute({
  GET: async () => {
    const { ready, body } = await checkReadiness();
    return json(body, { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store", ...(ready ? {} : { "Retry-After": "5" }) } });
  },
});
