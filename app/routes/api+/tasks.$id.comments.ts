import { json } from "@remix-run/node";
import { requireBackOffice } from "~/core/identity/guards.server";
import { TaskCommentSchema } from "~/features/tasks";
import { addTaskComment, listTaskComments } from "~/features/tasks/index.server";
import { apiRoute, readApiBody } from "~/lib/api.server";
import { pageJson, parseListQuery } from "~/lib/pagination";

/** GET /api/tasks/{id}/comments (oldest first; ?page, perPage, after, before) · POST `{ body }`. */
export const { loader, action } = apiRoute({
  GET: async ({ request, params }) => {
    const user = await requireBackOffice(request, "tasks");
    return pageJson("comments", await listTaskComments(user, params.id!, parseListQuery(new URL(request.url), { defaultPerPage: 50 })));
  },
  POST: async ({ request, params }) => {
    const user = await requireBackOffice(request, "tasks");
    const { body } = await readApiBody(request, TaskCommentSchema);
    return json({ comment: await addTaskComment(user, params.id!, body) }, { status: 201 });
  },
});
