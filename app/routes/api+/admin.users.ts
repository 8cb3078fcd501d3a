import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createForApi, listForApi } from "~/features/users/users-api.server";

/** GET /api/admin/users?q&page&limit (staff): a page of accounts; POST creates one and e-mails an invitation. */
export function loader({ request }: LoaderFunctionArgs) {
  return listForApi(request, "users");
}

export function action({ request }: ActionFunctionArgs) {
  return createForApi(request, "users");
}
