import { accountDeletionHandler } from "~/features/client-records/index.server";
import { itemHandlers } from "~/features/users/index.server";
import { apiRoute } from "~/lib/api.server";

/** GET, PATCH and DELETE /api/admin/users/{id} (owner, admins; the owner-only rules apply). */
export const { loader, action } = apiRoute({ ...itemHandlers("users"), DELETE: accountDeletionHandler("users") });
