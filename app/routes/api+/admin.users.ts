import { inviteUser } from "~/features/auth/index.server";
import { collectionHandlers } from "~/features/users/index.server";
import { apiRoute } from "~/lib/api.server";

/** GET /api/admin/users?q&page&perPage (owner, admins): a page of accounts; POST creates one and e-mails an invitation. */
export const { loader, action } = apiRoute(collectionHandlers("users", { invite: inviteUser }));
