import { apiRoute, type ApiHandler } from "~/lib/api.server";
import { notFound } from "~/lib/app-error";

/** Any other path under /api: a JSON 404 `{ message }` for every method, never the HTML not-found page. */
const missing: ApiHandler = () => {
  throw notFound();
};

export const { loader, action } = apiRoute({ GET: missing, POST: missing, PUT: missing, PATCH: missing, DELETE: missing });
