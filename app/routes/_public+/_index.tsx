import { json } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { db } from "~/lib/db/db.server";

export async function loader() {
  const firm = await db().selectFrom("contentSections").select("data").where("key", "=", "firm").executeTakeFirst();
  return json({ firm: (firm?.data ?? {}) as { name?: string } });
}

export default function Home() {
  const { firm } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-3xl p-8">
      <h1 className="text-3xl font-semibold text-primary">{firm.name}</h1>
    </main>
  );
}
