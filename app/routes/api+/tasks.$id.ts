import { requireBackOffice } from "~/core/identity/guards.server";
import { TaskPatchApiSchema } from "~/features/tasks";
import { deleteTask, getTask, updateTask } from "~/features/tasks/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";

/** GET /api/tasks/{id} · PATCH (any field; `status: "done"` on a repeating task makes its next) · DELETE. */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireBackOffice(request, "tasks");
    return { task: await getTask(user, params.id!) };
  },
  PATCH: async ({ request, params }) => {
    const user = await requireBackOffice(request, "tasks");
    const patch = await readApiBody(request, TaskPatchApiSchema);
    await updateTask(user, params.id!, patch);
    return { task: await getTask(user, params.id!) };
  },
  DELETE: async ({ request, params }) => {
    const user = await requireBackOffice(request, "tasks");
    await deleteTask(user, params.id!);
    return { deleted: true };
  },
});
