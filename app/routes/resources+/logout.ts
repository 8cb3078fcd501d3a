import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { signOut, requestContext } from "~/features/auth/index.server";
import { getUser } from "~/core/identity/session-user.server";
import { clearSessionCookie, readToken } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * Sign-out: POST only (a GET never changes anything, so a link or a prefetch cannot sign anyone out).
 * Deletes the session row and the cookie, then goes home with 'Logged out successfully'.
 */
export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await readToken(request);
  if (token) {
    const user = await getUser(request);
    await signOut(token, { userId: user?.id ?? null, ip: requestContext(request).ip });
  }
  return redirectWithToast("/", { type: "success", message: "auth:toast.logoutSuccess" }, { headers: { "Set-Cookie": await clearSessionCookie() } });
}
