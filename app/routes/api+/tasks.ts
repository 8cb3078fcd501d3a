import { json } from "@remix-run/node";
import { requireBackOffice } from "~/core/identity/guards.server";
import { parseTaskListQuery, TaskCreateApiSchema } from "~/features/tasks";
import { createTask, getTask, listTasks } from "~/features/tasks/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { pageJson } from "~/lib/pagination";

/**
 * GET /api/tasks (?page, perPage, view=all|mine|overdue|week, status, priority, assignee, q,
 * orderId|appointmentId|clientId|translationFileId, sort=due|created) · POST (a new task).
 * The owner, admins and staff granted `tasks`; anyone else 403.
 */
export const { loader, action } = apiRoute({
  GET: async ({ request }) => {
    const user = await requireBackOffice(request, "tasks");
    return pageJson("tasks", await listTasks(user, parseTaskListQuery(new URL(request.url))));
  },
  POST: async ({ request }) => {
    const user = await requireBackOffice(request, "tasks");
    const input = await readApiBody(request, TaskCreateApiSchema);
    const { id } = await createTask(user, input);
    return json({ task: await getTask(user, id) }, { status: 201 });
  },
});
