import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { AUTH_MESSAGES, signOut } from "~/features/auth/auth.server";
import { isMethod, requestContext } from "~/features/auth/request.server";
import { requireUser } from "~/features/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";
import { clearSessionCookie, readToken } from "~/lib/session.server";

/** POST /api/auth/logout: ends the session behind the bearer token (or cookie); it answers 401 from then on. */
export async function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request }: ActionFunctionArgs) {
  if (!isMethod(request, "POST")) return methodNotAllowed(["POST"]);
  const user = await requireUser(request);
  const token = (await readToken(request))!;
  await signOut(token, { userId: user.id, ip: requestContext(request).ip });
  return json({ message: AUTH_MESSAGES.logoutSuccess }, { headers: { "Set-Cookie": await clearSessionCookie() } });
}
