import { beforeAll, beforeEach, expect, it } from "vitest";
import { getExtraction, startExtraction } from "~/features/extractor/extractor.server";
import { runDueJobs } from "~/lib/jobs.server";
import { resetLimitersForTests } from "~/lib/rate-limit.server";
import * as pageRoute from "~/routes/dashboard+/document-extractor";
import { describeEachDialect } from "../setup/database";
import { call } from "../support/api";
import { makeUser, type TestUser } from "../support/factories";

/**
 * "Save as translation file" on the document extractor: the text becomes a .txt file on the
 * translation desk through the desk's own upload path (source language as the extractor
 * guessed it, target from the desk's settings), for people who have the desk only.
 */
const TEXT = "Bonjour, voici le relevé de compte de la société pour le mois de mars.";

describeEachDialect("document extractor → translation desk", (db) => {
  let both: TestUser;
  let extractorOnly: TestUser;
  beforeAll(async () => {
    both = await makeUser(db(), { role: "staff", features: ["document_extractor", "translations"] });
    extractorOnly = await makeUser(db(), { role: "staff", features: ["document_extractor"] });
  });
  beforeEach(() => resetLimitersForTests());

  async function extract(user: TestUser, features: string[]) {
    const actor = { ...user, enabledFeatures: features };
    const { id } = await startExtraction(actor, { bytes: new TextEncoder().encode(TEXT), fileName: "relevé mars.pdf", languages: ["fra"] });
    await runDueJobs();
    const done = await getExtraction(actor, id);
    expect(done).toMatchObject({ status: "done", result: { language: "fr" } });
    return { run: id, text: done.result!.text, source: done.result!.language };
  }
  const save = (as: TestUser, fields: Record<string, string>) =>
    call(pageRoute.action, { path: "/dashboard/document-extractor", method: "POST", as, body: new URLSearchParams({ intent: "saveToDesk", ...fields }) });
  const canSave = async (as: TestUser) =>
    ((await (await call(pageRoute.loader, { path: "/dashboard/document-extractor", as })).json()) as { canSaveToDesk: boolean }).canSaveToDesk;

  it("saves the (corrected) text as a .txt desk file and opens it; refused without the desk", async () => {
    expect(await canSave(both)).toBe(true);
    expect(await canSave(extractorOnly)).toBe(false);

    const { run, text, source } = await extract(both, ["document_extractor", "translations"]);
    const response = await save(both, { run, text: `${text}\nCorrigé.`, source });
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/dashboard\/translations\/[0-9a-f-]{36}$/);
    const id = location.split("/").pop()!;
    const file = await db().selectFrom("translationFiles").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(file).toMatchObject({
      originalName: "relevé mars.txt",
      originalType: "txt",
      sourceLanguage: "fr",
      targetLanguage: "ar",
      uploadedBy: both.id,
      status: "pending",
    });
    expect(file.wordCount).toBeGreaterThan(10);

    // Without the translations feature: back to the run with the refusal, nothing stored.
    const other = await extract(extractorOnly, ["document_extractor"]);
    const refused = await save(extractorOnly, other);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe(`/dashboard/document-extractor?run=${other.run}`);
    const theirs = await db().selectFrom("translationFiles").select("id").where("uploadedBy", "=", extractorOnly.id).execute();
    expect(theirs).toHaveLength(0);
    // An empty text is the desk's own refusal.
    const empty = await save(both, { run, text: "   ", source });
    expect(empty.headers.get("location")).toBe(`/dashboard/document-extractor?run=${run}`);
  });
});
