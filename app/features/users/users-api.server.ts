import { json } from "@remix-run/node";
import { requireAdmin } from "~/features/auth/guards.server";
import { apiError, clientIp, methodNotAllowed, parseApiBody } from "~/lib/http.server";
import { CreateUserSchema, ListUsersSchema, UpdateUserSchema } from "./users.schema";
import { createManagedUser, deleteManagedUser, getManagedUser, listUsers, updateManagedUser, UserRuleError, USER_ERRORS, type Scope } from "./users.server";

/**
 * The JSON doors of user management: /api/admin/users[/{id}] (every account)
 * and /api/clients[/{id}] (client accounts only). Staff only; same functions as the pages.
 */
const KEYS: Record<Scope, { many: string; one: string }> = { users: { many: "users", one: "user" }, clients: { many: "clients", one: "client" } };

function ruleError(error: unknown): Response {
  if (error instanceof UserRuleError) return apiError(USER_ERRORS[error.code].status, USER_ERRORS[error.code].message);
  throw error;
}

export async function listForApi(request: Request, scope: Scope): Promise<Response> {
  await requireAdmin(request);
  const params = ListUsersSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!params.success) return apiError(400, "Invalid query parameters");
  const result = await listUsers(scope, params.data);
  return json({ [KEYS[scope].many]: result.users, page: result.page, limit: result.limit, total: result.total });
}

export async function createForApi(request: Request, scope: Scope): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed(["GET", "POST"]);
  const actor = await requireAdmin(request);
  const input = await parseApiBody(request, CreateUserSchema);
  try {
    const user = await createManagedUser(actor, scope, input, { ip: clientIp(request) });
    return json({ [KEYS[scope].one]: user }, { status: 201 });
  } catch (error) {
    return ruleError(error);
  }
}

export async function readForApi(request: Request, scope: Scope, id: string): Promise<Response> {
  await requireAdmin(request);
  try {
    return json({ [KEYS[scope].one]: await getManagedUser(scope, id) });
  } catch (error) {
    return ruleError(error);
  }
}

export async function changeForApi(request: Request, scope: Scope, id: string): Promise<Response> {
  const method = request.method.toUpperCase();
  if (method !== "PATCH" && method !== "PUT" && method !== "DELETE") return methodNotAllowed(["GET", "PATCH", "PUT", "DELETE"]);
  const actor = await requireAdmin(request);
  try {
    if (method === "DELETE") {
      await deleteManagedUser(actor, scope, id, { ip: clientIp(request) });
      return json({ message: "User deleted" });
    }
    const input = await parseApiBody(request, UpdateUserSchema);
    return json({ [KEYS[scope].one]: await updateManagedUser(actor, scope, id, input, { ip: clientIp(request) }) });
  } catch (error) {
    return ruleError(error);
  }
}
