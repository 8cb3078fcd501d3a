import { json } from "@remix-run/node";
import { requireAdmin } from "~/core/identity/guards.server";
import { readApiBody, type ApiHandler } from "~/lib/api.server";
import { clientIp } from "~/lib/http.server";
import { pageJson } from "~/lib/pagination";
import { CreateUserSchema, parseUsersQuery, UpdateUserSchema } from "./users.schema";
import { getManagedUser, listUsers, updateManagedUser, type Actor, type AssignableRole, type ManagedUser, type Scope } from "./users.server";

/**
 * The JSON doors of user management, for `apiRoute`: /api/admin/users[/{id}] (every
 * account) and /api/clients[/{id}] (client accounts only). Owner and admins only; the
 * same functions as the pages, whose refusals the API door answers.
 */
const NAMES: Record<Scope, { many: string; one: string }> = { users: { many: "users", one: "user" }, clients: { many: "clients", one: "client" } };

/** Creates an account and e-mails its invitation (the auth area's `inviteUser`, which the routes pass in). */
export type Invite = (
  actor: Actor,
  scope: Scope,
  input: { fullName: string; email: string; role: AssignableRole; locale: string; enabledFeatures?: string[] },
  context: { ip?: string },
) => Promise<ManagedUser>;

/** GET lists a page (`?q&page&perPage`, `limit` too); POST creates an account through `invite` (201). */
export function collectionHandlers(scope: Scope, { invite }: { invite: Invite }): { GET: ApiHandler; POST: ApiHandler } {
  return {
    GET: async ({ request }) => {
      await requireAdmin(request);
      return pageJson(NAMES[scope].many, await listUsers(scope, parseUsersQuery(new URL(request.url))));
    },
    POST: async ({ request }) => {
      const actor = await requireAdmin(request);
      const input = await readApiBody(request, CreateUserSchema);
      const user = await invite(actor, scope, input, { ip: clientIp(request) });
      return json({ [NAMES[scope].one]: user }, { status: 201 });
    },
  };
}

/** GET reads one account, PATCH (or PUT) changes it; its deletion is the client records' (`accountDeletionHandler`). */
export function itemHandlers(scope: Scope): { GET: ApiHandler; PATCH: ApiHandler; PUT: ApiHandler } {
  const change: ApiHandler = async ({ request, params }) => {
    const actor = await requireAdmin(request);
    const input = await readApiBody(request, UpdateUserSchema);
    return { [NAMES[scope].one]: await updateManagedUser(actor, scope, params.id!, input, { ip: clientIp(request) }) };
  };
  return {
    GET: async ({ request, params }) => {
      await requireAdmin(request);
      return { [NAMES[scope].one]: await getManagedUser(scope, params.id!) };
    },
    PATCH: change,
    PUT: change,
  };
}
