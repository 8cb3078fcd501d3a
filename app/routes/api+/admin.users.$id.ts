import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { changeForApi, readForApi } from "~/features/users/users-api.server";

/** GET, PATCH and DELETE /api/admin/users/{id} (staff; the owner-only rules apply). */
export function loader({ request, params }: LoaderFunctionArgs) {
  return readForApi(request, "users", params.id!);
}

export function action({ request, params }: ActionFunctionArgs) {
  return changeForApi(request, "users", params.id!);
}
