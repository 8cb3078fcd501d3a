import { inviteUser } from "~/features/auth/auth.server";
import { collectionHandlers } from "~/features/users/http.server";
import { apiRoute } from "~/lib/api.server";

/** GET /api/admin/users?q&page&perPage (owner, admins): a page of accounts; POST creates one and e-mails an invitation. */
export const { loader, action } = apiRoute(collectionHandlers("users", { invite: inviteUser }));
