import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { UpdateMeApiSchema } from "~/features/auth/auth.schema";
import { publicUser, updateOwnProfile } from "~/features/auth/auth.server";
import { isMethod } from "~/features/auth/request.server";
import { requireUser } from "~/features/auth/guards.server";
import { methodNotAllowed, parseApiBody } from "~/lib/http.server";

/**
 * GET /api/auth/me → the signed-in user `{ id, email, role, fullName, avatarUrl, enabledFeatures, emailVerified, locale }`.
 * PATCH /api/auth/me `{ fullName?, avatarUrl?, locale? }` → the updated user. No session → 401.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json(publicUser(user), { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  if (!isMethod(request, "PATCH")) return methodNotAllowed(["GET", "PATCH"]);
  const user = await requireUser(request);
  const input = await parseApiBody(request, UpdateMeApiSchema);
  return json(await updateOwnProfile(user.id, input));
}
