import { json } from "@remix-run/node";
import { signOut, requestContext } from "~/features/auth/index.server";
import { requireUser } from "~/core/identity/guards.server";
import { apiMessage, apiRoute } from "~/lib/api.server";
import { clearSessionCookie, readToken } from "~/lib/session.server";

/** POST /api/auth/logout: ends the session behind the bearer token (or cookie) and closes its sockets; it answers 401 from then on. */
export const { loader, action } = apiRoute({
  POST: async ({ request }) => {
    const user = await requireUser(request);
    const token = (await readToken(request))!;
    await signOut(token, { userId: user.id, ip: requestContext(request).ip });
    return json({ message: await apiMessage(request, "auth:toast.logoutSuccess") }, { headers: { "Set-Cookie": await clearSessionCookie() } });
  },
});
