import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { seedPublicContent } from "~/features/content/seed.server";
import { toJson } from "~/lib/db/connection.server";
import type { DB } from "~/lib/db/connection.server";
import { newId } from "~/lib/ids.server";
import { createSession } from "~/lib/session.server";

/** People of the rights matrix, each with an API token. */
export type Person = { id: string; role: string; token: string | null; email: string };
export type Cast = { clientA: Person; clientB: Person; admin: Person; owner: Person; anonymous: Person };

export async function createPerson(db: DB, role: string, locale = "en"): Promise<Person> {
  const id = newId();
  const email = `${role}-${id.slice(0, 8)}@example.com`;
  await db
    .insertInto("users")
    .values({
      id,
      email,
      passwordHash: "x",
      role,
      fullName: `${role} ${id.slice(0, 4)}`,
      locale,
      enabledFeatures: toJson(role === "client" ? ["service_orders", "appointments", "reports"] : []),
      emailVerifiedAt: new Date().toISOString(),
    })
    .execute();
  const { token } = await createSession(id, { remember: false, kind: "token" });
  return { id, role, token, email };
}

export async function createCast(db: DB): Promise<Cast> {
  await seedPublicContent(db);
  return {
    clientA: await createPerson(db, "client", "fr"),
    clientB: await createPerson(db, "client"),
    admin: await createPerson(db, "admin"),
    owner: await createPerson(db, "owner"),
    anonymous: { id: "", role: "anonymous", token: null, email: "" },
  };
}

type Handler = (args: LoaderFunctionArgs | ActionFunctionArgs) => Promise<unknown>;

/** Calls a route's loader or action as Remix would, returning thrown Responses too. */
export async function call(
  handler: Handler,
  options: { path: string; method?: string; person: Person; body?: unknown; params?: Record<string, string> },
): Promise<Response> {
  const headers = new Headers({ Accept: "application/json" });
  if (options.person.token) headers.set("Authorization", `Bearer ${options.person.token}`);
  if (options.body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`http://localhost:3000${options.path}`, {
    method: options.method ?? "GET",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  try {
    const result = await handler({ request, params: options.params ?? {}, context: {} });
    if (result instanceof Response) return result;
    throw new Error("handler returned a non-Response");
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}
