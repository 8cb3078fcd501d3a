import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { requireUser } from "~/features/auth/guards.server";
import { methodNotAllowed } from "~/lib/http.server";

/** GET /api/profile/me → `{ profile: { fullName, avatarUrl } }` (spec §7). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return json({ profile: { fullName: user.fullName, avatarUrl: user.avatarUrl } }, { headers: { "Cache-Control": "no-store" } });
}

export async function action() {
  return methodNotAllowed(["GET"]);
}
