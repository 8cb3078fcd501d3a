import { beforeAll, beforeEach, expect, it } from "vitest";
import { listBookableServices, findBookableService } from "~/features/appointments/appointments.server";
import { getSectionForEdit, listSectionsOverview, restoreSectionVersion, saveSection } from "~/features/content/content-admin.server";
import { clearPublicCache, getLegalHtml, getSection, getStats, listServices as publicServices } from "~/features/content/content.server";
import { getFirm } from "~/core/office/firm.server";
import { seedPublicContent } from "~/features/content/seed.server";
import { createOrder, getOrder } from "~/features/service-orders/service-orders.server";
import { AppError } from "~/lib/app-error";
import * as home from "~/routes/_public+/_index";
import * as clientServices from "~/routes/client+/services";
import * as clientNewOrder from "~/routes/client+/service-orders.new";
import * as contentIndex from "~/routes/dashboard+/content._index";
import * as contentSection from "~/routes/dashboard+/content.$sectionId";
import * as dashServices from "~/routes/dashboard+/services";
import { describeEachDialect } from "../setup/database";
import { call, callJson } from "../support/api";
import { makeCast, type Cast } from "../support/factories";

function form(entries: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return data;
}

describeEachDialect("site content and services (back-office)", (db) => {
  let cast: Cast;
  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
  });
  beforeEach(() => clearPublicCache());

  it("keeps every save as a version, shows it at once, compares and restores", async () => {
    const original = await getSection<{ title: string }>("hero", "en");
    await saveSection(cast.admin, "hero", "en", { title: "First new banner", subtitle: "A subtitle" });
    expect((await getSection<{ title: string }>("hero", "en"))?.title).toBe("First new banner");
    await saveSection(cast.admin, "hero", "en", { title: "Second new banner", subtitle: "A subtitle" });
    expect((await getSection<{ title: string }>("hero", "en"))?.title).toBe("Second new banner");

    const edit = await getSectionForEdit("hero", "en");
    // The original text, then two saves, newest first.
    expect(edit.versions).toHaveLength(3);
    expect(edit.versions[2]!.createdBy).toBeNull();
    expect(edit.versions[0]!.authorName).toBe(cast.admin.fullName);

    // The comparison page lists what changed between a version and the current text.
    const page = await callJson<{ compare: { lines: Array<{ kind: string; text: string }> } }>(contentSection.loader, {
      path: `/dashboard/content/hero?lang=en&compare=${edit.versions[1]!.id}`,
      params: { sectionId: "hero" },
      as: cast.admin,
    });
    expect(page.status).toBe(200);
    expect(page.body.compare.lines).toContainEqual({ kind: "removed", text: "title: First new banner" });
    expect(page.body.compare.lines).toContainEqual({ kind: "added", text: "title: Second new banner" });
    expect(page.body.compare.lines).toContainEqual({ kind: "same", text: "subtitle: A subtitle" });

    // Restoring the original through the page: the public site shows it again, and the restore is a version too.
    const restored = await call(contentSection.action, {
      path: "/dashboard/content/hero?lang=en",
      method: "POST",
      params: { sectionId: "hero" },
      as: cast.admin,
      body: form({ intent: "restore", versionId: edit.versions[2]!.id }),
    });
    expect(restored.status).toBe(302);
    expect((await getSection<{ title: string }>("hero", "en"))?.title).toBe(original?.title);
    expect((await getSectionForEdit("hero", "en")).versions).toHaveLength(4);
    // Each save and the restore are in the audit trail, with the language and the version they made.
    const trail = await db()
      .selectFrom("auditLog")
      .select(["actorId", "action", "targetType", "targetId", "meta"])
      .where("targetType", "=", "content_section")
      .where("targetId", "=", "hero")
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    expect(trail.map((entry) => entry.action)).toEqual(["content.section_saved", "content.section_saved", "content.section_restored"]);
    expect(trail.every((entry) => entry.actorId === cast.admin.id)).toBe(true);
    expect(trail[2]!.meta).toMatchObject({ language: "en", from: edit.versions[2]!.id });

    // A version of another language or section is not found.
    await expect(restoreSectionVersion(cast.admin, "hero", "ar", edit.versions[0]!.id)).rejects.toMatchObject({ status: 404 });
    await expect(saveSection(cast.clientA, "hero", "en", { title: "x", subtitle: "y" })).rejects.toBeInstanceOf(AppError);
  });

  it("marks a language that lags behind English until it is saved again", async () => {
    const before = await listSectionsOverview();
    expect(before.find((section) => section.id === "cta")!.statuses.some((status) => status.lagging)).toBe(false);

    await saveSection(cast.admin, "cta", "en", { title: "Ready?", body: "Call us today." });
    const after = await listSectionsOverview();
    const cta = after.find((section) => section.id === "cta")!;
    expect(cta.statuses.map((status) => [status.locale, status.lagging])).toEqual([
      ["en", false],
      ["ar", true],
      ["fr", true],
    ]);
    expect((await getSectionForEdit("cta", "ar")).laggingSince).not.toBeNull();

    await saveSection(cast.admin, "cta", "ar", { title: "هل أنت مستعد؟", body: "اتصل بنا اليوم." });
    const arabic = (await listSectionsOverview()).find((section) => section.id === "cta")!.statuses.find((status) => status.locale === "ar")!;
    expect(arabic.lagging).toBe(false);
    expect((await getSectionForEdit("cta", "ar")).laggingSince).toBeNull();

    // The list page carries the marker.
    const index = await callJson<{ sections: Array<{ id: string; statuses: Array<{ locale: string; lagging: boolean }> }> }>(contentIndex.loader, {
      path: "/dashboard/content",
      as: cast.admin,
    });
    expect(index.body.sections.find((section) => section.id === "cta")!.statuses.find((status) => status.locale === "fr")!.lagging).toBe(true);
  });

  it("sanitises rich text: a script or an event handler never reaches a page or a preview", async () => {
    const evil = "Our story.\n\n<script>alert('x')</script><img src=x onerror=\"alert(1)\">\n\n[a link](javascript:alert(2))";
    const preview = await callJson<{ preview: { kind: string; bodyHtml: string } }>(contentSection.action, {
      path: "/dashboard/content/about?lang=fr",
      method: "POST",
      params: { sectionId: "about" },
      as: cast.admin,
      body: form({ intent: "preview", title: "À propos", body: evil }),
    });
    expect(preview.status).toBe(200);
    expect(preview.body.preview.kind).toBe("about");
    expect(preview.body.preview.bodyHtml).toContain("Our story.");
    expect(preview.body.preview.bodyHtml).not.toMatch(/<script|onerror|href="javascript/i);
    // A preview saves nothing.
    expect((await getSection<{ body: string }>("about", "fr"))?.body).not.toContain("<script>");

    const saved = await call(contentSection.action, {
      path: "/dashboard/content/about?lang=fr",
      method: "POST",
      params: { sectionId: "about" },
      as: cast.admin,
      body: form({ intent: "save", title: "À propos", body: evil }),
    });
    expect(saved.status).toBe(302);
    const page = await callJson<{ aboutHtml: string; about: { title: string } }>(home.loader, {
      path: "/",
      headers: { Cookie: "lng=fr", "Accept-Language": "fr" },
    });
    expect(page.body.about.title).toBe("À propos");
    expect(page.body.aboutHtml).toContain("Our story.");
    expect(page.body.aboutHtml).not.toMatch(/<script|onerror|href="javascript/i);

    await saveSection(cast.admin, "legal.privacy-policy", "en", {
      markdown: "# Privacy\n\n<img src=x onerror=alert(1)><script>steal()</script>We keep little.",
    });
    const legal = await getLegalHtml("privacy-policy", "en");
    expect(legal).toContain("We keep little.");
    expect(legal).not.toMatch(/<script|onerror/i);
  });

  it("checks each section's shape: numbers, times, addresses", async () => {
    const badStats = await callJson<{ result: { error: Record<string, string[]> } }>(contentSection.action, {
      path: "/dashboard/content/stats",
      method: "POST",
      params: { sectionId: "stats" },
      as: cast.admin,
      body: form({
        intent: "save",
        "items[0].key": "years",
        "items[0].value": "many",
        "items[0].i18n.en.label": "Years",
        "items[0].i18n.ar.label": "سنوات",
        "items[0].i18n.fr.label": "Ans",
      }),
    });
    expect(badStats.status).toBe(400);
    expect(Object.keys(badStats.body.result.error)).toContain("items[0].value");

    const firm = await getFirm();
    const firmForm = {
      intent: "save",
      name: firm.name,
      legalName: firm.legalName ?? "",
      proprietor: firm.proprietor,
      "proprietorTitle.en": "Enrolled Agent",
      "proprietorTitle.ar": "وكيلة مسجّلة",
      "proprietorTitle.fr": "Agente agréée",
      phone: firm.phone,
      email: firm.email,
      "address.street": firm.address.street,
      "address.city": firm.address.city,
      "address.region": firm.address.region,
      "address.postalCode": firm.address.postalCode,
      "address.country": firm.address.country,
      "hours[0].days": ["Mo", "Tu"],
      "hours[0].opens": "17:00",
      "hours[0].closes": "09:00",
    };
    const badHours = await callJson<{ result: { error: Record<string, string[]> } }>(contentSection.action, {
      path: "/dashboard/content/firm",
      method: "POST",
      params: { sectionId: "firm" },
      as: cast.admin,
      body: form(firmForm),
    });
    expect(badHours.status).toBe(400);
    expect(badHours.body.result.error["hours[0].closes"]).toEqual(["content:errors.closesBeforeOpens"]);

    const badTime = await callJson<{ result: { error: Record<string, string[]> } }>(contentSection.action, {
      path: "/dashboard/content/firm",
      method: "POST",
      params: { sectionId: "firm" },
      as: cast.admin,
      body: form({ ...firmForm, "hours[0].opens": "25:00", "hours[0].closes": "26:00" }),
    });
    expect(badTime.body.result.error["hours[0].opens"]).toEqual(["content:errors.time"]);

    const good = await call(contentSection.action, {
      path: "/dashboard/content/firm",
      method: "POST",
      params: { sectionId: "firm" },
      as: cast.admin,
      body: form({ ...firmForm, "hours[0].opens": "08:30", "hours[0].closes": "16:00", "hours[1].opens": "", "hours[1].closes": "" }),
    });
    expect(good.status).toBe(302);
    const saved = await getFirm();
    expect(saved.hours).toEqual([{ days: ["Mo", "Tu"], opens: "08:30", closes: "16:00" }]);
    // Fields the form does not edit are kept.
    expect(saved.timeZone).toBe(firm.timeZone);
    expect(saved.geo).toEqual(firm.geo);

    await saveSection(cast.admin, "stats", "en", {
      items: [{ key: "years", value: 25, suffix: "+", i18n: { en: { label: "Years" }, ar: { label: "سنوات" }, fr: { label: "Ans" } } }],
    });
    expect(await getStats("fr")).toEqual([{ key: "years", value: 25, suffix: "+", label: "Ans" }]);

    const unknown = await call(contentSection.loader, { path: "/dashboard/content/nothing", params: { sectionId: "nothing" }, as: cast.admin });
    expect(unknown.status).toBe(404);
  });

  it("adds a service clients can order; hidden, it leaves the site and ordering while its orders keep it", async () => {
    const created = await call(dashServices.action, {
      path: "/dashboard/services",
      method: "POST",
      as: cast.admin,
      body: form({
        intent: "create",
        key: "payroll",
        icon: "Receipt",
        active: "on",
        durationMinutes: "45",
        priceFrom: "99.50",
        "translations.en.title": "Payroll",
        "translations.en.description": "Monthly payroll for small employers.",
        "translations.en.fullDescription": "We run your payroll every month.",
        "translations.ar.title": "الرواتب",
        "translations.ar.description": "إعداد الرواتب الشهرية لأصحاب العمل الصغار.",
        "translations.ar.fullDescription": "نُعدّ رواتب موظفيك كل شهر.",
        "translations.fr.title": "Paie",
        "translations.fr.description": "La paie mensuelle des petits employeurs.",
        "translations.fr.fullDescription": "Nous préparons votre paie chaque mois.",
      }),
    });
    expect(created.status).toBe(302);
    const payroll = (await publicServices("ar")).find((service) => service.key === "payroll");
    expect(payroll).toMatchObject({ title: "الرواتب", icon: "Receipt" });
    // A new service goes last.
    expect((await publicServices("en")).at(-1)?.key).toBe("payroll");
    const row = await db().selectFrom("services").select(["id", "priceFromCents", "durationMinutes"]).where("key", "=", "payroll").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ priceFromCents: 9950, durationMinutes: 45 });

    const orderForm = await callJson<{ services: Array<{ value: string }> }>(clientNewOrder.loader, { path: "/client/service-orders/new", as: cast.clientA });
    expect(orderForm.body.services.map((service) => service.value)).toContain("payroll");
    const order = await createOrder(cast.clientA, { service: "payroll", details: "Please run payroll for three employees." }, [], "en");

    // Moving it up one place.
    const moved = await call(dashServices.action, { path: "/dashboard/services", method: "POST", as: cast.admin, body: form({ intent: "up", id: row.id }) });
    expect(moved.status).toBe(302);
    expect((await publicServices("en")).at(-2)?.key).toBe("payroll");

    // Hidden: gone from the public site, the client's lists, ordering and booking.
    const hidden = await call(dashServices.action, { path: "/dashboard/services", method: "POST", as: cast.admin, body: form({ intent: "hide", id: row.id }) });
    expect(hidden.status).toBe(302);
    expect((await publicServices("en")).map((service) => service.key)).not.toContain("payroll");
    const clientList = await callJson<{ services: Array<{ key: string }> }>(clientServices.loader, { path: "/client/services", as: cast.clientA });
    expect(clientList.body.services.map((service) => service.key)).not.toContain("payroll");
    const formAfter = await callJson<{ services: Array<{ value: string }> }>(clientNewOrder.loader, { path: "/client/service-orders/new", as: cast.clientA });
    expect(formAfter.body.services.map((service) => service.value)).not.toContain("payroll");
    expect((await listBookableServices("en")).map((service) => service.key)).not.toContain("payroll");
    expect(await findBookableService("payroll")).toBeNull();
    await expect(createOrder(cast.clientA, { service: "payroll", details: "Another payroll run, please." }, [], "en")).rejects.toBeInstanceOf(AppError);

    // The existing order keeps its service and title.
    expect((await getOrder(cast.clientA, order.id, "fr")).serviceTitle).toBe("Paie");

    // The admin still sees and edits it.
    const editPage = await callJson<{ editing: { key: string; translations: Record<string, { title: string }> } }>(dashServices.loader, {
      path: `/dashboard/services?edit=${row.id}`,
      as: cast.admin,
    });
    expect(editPage.body.editing.translations.fr?.title).toBe("Paie");
    const badPrice = await callJson<{ result: { error: Record<string, string[]> } }>(dashServices.action, {
      path: "/dashboard/services",
      method: "POST",
      as: cast.admin,
      body: form({ intent: "update", id: row.id, icon: "NotAnIcon", durationMinutes: "45", priceFrom: "12.345" }),
    });
    expect(badPrice.status).toBe(400);
    expect(Object.keys(badPrice.body.result.error)).toEqual(expect.arrayContaining(["icon", "priceFrom", "translations.en.title"]));

    // A client may not use the screen.
    const refused = await call(dashServices.action, {
      path: "/dashboard/services",
      method: "POST",
      as: cast.clientA,
      body: form({ intent: "show", id: row.id }),
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("Location")).not.toBe("/dashboard/services");
    expect((await publicServices("en")).map((service) => service.key)).not.toContain("payroll");

    // Every change by staff is in the audit trail, the refused one not.
    const trail = await db()
      .selectFrom("auditLog")
      .select(["actorId", "action"])
      .where("targetType", "=", "service")
      .where("targetId", "=", row.id)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    expect(trail).toEqual([
      { actorId: cast.admin.id, action: "service.created" },
      { actorId: cast.admin.id, action: "service.moved" },
      { actorId: cast.admin.id, action: "service.hidden" },
    ]);
  });
});
