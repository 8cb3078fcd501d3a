import { beforeAll, expect, it } from "vitest";
import { seedPublicContent } from "~/features/content/seed.server";
import { createOrder } from "~/features/service-orders/service-orders.server";
import * as serviceRoute from "~/routes/api+/services.$id";
import { describeEachDialect } from "../setup/database";
import { callJson } from "../support/api";
import { makeCast, type Cast } from "../support/factories";

/** A service is removed only when no client record refers to it: an order or an appointment keeps it, deactivated. */
describeEachDialect("removing a service", (db) => {
  let cast: Cast;
  let services: Array<{ id: string; key: string }>;

  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
    services = await db().selectFrom("services").select(["id", "key"]).orderBy("sortOrder").limit(3).execute();
    expect(services).toHaveLength(3);
  });

  const remove = (id: string) => callJson(serviceRoute.action, { path: `/api/services/${id}`, method: "DELETE", as: cast.admin, params: { id } });
  const stateOf = (id: string) => db().selectFrom("services").select("active").where("id", "=", id).executeTakeFirst();

  it("deletes an unused one, and deactivates one ordered or booked", async () => {
    const [ordered, booked, unused] = services;
    await createOrder(cast.clientA, { service: ordered!.key, details: "Please handle this for me, thank you." }, [], "en");
    const now = new Date().toISOString();
    await db()
      .insertInto("appointments")
      .values({
        id: `appointment-${booked!.id}`,
        reference: `A-${booked!.id}`.slice(0, 20),
        clientId: cast.clientA.id,
        serviceId: booked!.id,
        orderId: null,
        startsAt: "2030-01-07T15:00:00.000Z",
        endsAt: "2030-01-07T15:30:00.000Z",
        notes: null,
        clientTimeZone: null,
        createdAt: now,
        updatedAt: now,
      })
      .execute();

    expect((await remove(ordered!.id)).body).toEqual({ deleted: false, deactivated: true });
    expect(await stateOf(ordered!.id)).toEqual({ active: false });
    expect((await remove(booked!.id)).body).toEqual({ deleted: false, deactivated: true });
    expect(await stateOf(booked!.id)).toEqual({ active: false });
    expect((await remove(unused!.id)).body).toEqual({ deleted: true, deactivated: false });
    expect(await stateOf(unused!.id)).toBeUndefined();
  });
});
