import { json } from "@remix-run/node";
import { requireUser } from "~/core/identity/guards.server";
import { getClientTodo } from "~/features/client-todo/index.server";
import { AppError } from "~/lib/app-error";
import { apiRoute } from "~/lib/api.server";
import { isBackOfficeRole } from "~/lib/features";

/** GET /api/client/todo → { items, total }: the signed-in client's to-do list, as on /client (staff: 403). */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireUser(request);
    if (isBackOfficeRole(user.role)) throw new AppError(403, "todo:api.clientsOnly");
    const items = await getClientTodo(user);
    return json({ items, total: items.length }, { headers: { "Cache-Control": "no-store" } });
  },
});
