import { inviteUser } from "~/features/auth/index.server";
import { collectionHandlers } from "~/features/users/index.server";
import { apiRoute } from "~/lib/api.server";

/** GET /api/clients?q&page&perPage (owner, admins): a page of client accounts; POST creates one and e-mails an invitation. */
export const { loader, action } = apiRoute(collectionHandlers("clients", { invite: inviteUser }));
