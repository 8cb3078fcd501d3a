import fs from "node:fs";
import path from "node:path";
import { beforeAll, expect, it } from "vitest";
import { renderMarkdown } from "~/core/markdown.server";
import {
  countReportsAwaitingFeedback,
  countUnreadReports,
  createReport,
  deleteReport,
  getReport,
  listReports,
  markReportRead,
  submitFeedback,
  updateReport,
} from "~/features/reports/reports.server";
import { AppError } from "~/lib/app-error";
import { seedPublicContent } from "~/features/content/seed.server";
import { mailDir } from "~/lib/mail.server";
import { describeEachDialect } from "../setup/database";
import { makeCast, type Cast } from "../support/factories";

describeEachDialect("reports", (db) => {
  let cast: Cast;
  beforeAll(async () => {
    await seedPublicContent(db());
    cast = await makeCast(db());
  });

  it("tells the client (notification and an e-mail in their language) when a report is sent", async () => {
    const { id } = await createReport(cast.admin, { clientId: cast.clientA.id, title: "Déclaration 2025", body: "Tout est **déposé**." }, []);
    const notification = await db()
      .selectFrom("notifications")
      .select(["titleKey", "link"])
      .where("userId", "=", cast.clientA.id)
      .where("type", "=", "report.created")
      .executeTakeFirstOrThrow();
    expect(notification).toEqual({ titleKey: "reports:notifications.created.title", link: `/client/reports/${id}` });
    const mails = fs
      .readdirSync(mailDir())
      .map((file) => fs.readFileSync(path.join(mailDir(), file), "utf8").replace(/=\r?\n/g, ""))
      .filter((message) => message.includes(`To: ${cast.clientA.email}`) && message.includes(`/client/reports/${id}`));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('lang=3D"fr"');
  });

  it("keeps the first read time, and staff reading marks nothing", async () => {
    const { id } = await createReport(cast.owner, { clientId: cast.clientA.id, title: "Quarterly summary", body: "Numbers." }, []);
    const before = await countUnreadReports(cast.clientA.id);
    await getReport(cast.admin, id);
    await expect(markReportRead(cast.admin, id)).rejects.toBeInstanceOf(AppError);
    expect(await countUnreadReports(cast.clientA.id)).toBe(before);

    const first = await markReportRead(cast.clientA, id);
    const second = await markReportRead(cast.clientA, id);
    expect(second.readAt).toBe(first.readAt);
    expect(await countUnreadReports(cast.clientA.id)).toBe(before - 1);
    const unread = await listReports(cast.clientA, { unread: "1" });
    expect(unread.items.some((item) => item.id === id)).toBe(false);
  });

  it("replaces feedback when given again and tells the author", async () => {
    const { id } = await createReport(cast.admin, { clientId: cast.clientA.id, title: "Payroll", body: "Done." }, []);
    const awaiting = await countReportsAwaitingFeedback();
    await submitFeedback(cast.clientA, id, { rating: 3, comment: "ok" });
    await submitFeedback(cast.clientA, id, { rating: 5 });
    const report = await getReport(cast.clientA, id);
    expect([report.feedbackRating, report.feedbackComment, report.readAt !== null]).toEqual([5, null, true]);
    expect(await countReportsAwaitingFeedback()).toBe(awaiting - 1);
    const told = await db().selectFrom("notifications").select("type").where("userId", "=", cast.admin.id).where("type", "=", "report.feedback").execute();
    expect(told.length).toBeGreaterThanOrEqual(2);
  });

  it("keeps each client to its own reports", async () => {
    await createReport(cast.admin, { clientId: cast.clientB.id, title: "For B only", body: "Private." }, []);
    const a = await listReports(cast.clientA, {});
    const b = await listReports(cast.clientB, {});
    expect(a.items.every((item) => item.clientId === cast.clientA.id)).toBe(true);
    expect(b.items.map((item) => item.title)).toEqual(["For B only"]);
    const staff = await listReports(cast.admin, { q: "for b" });
    expect(staff.items.map((item) => item.title)).toEqual(["For B only"]);
    expect(staff.items.map((item) => [item.clientName, item.clientEmail])).toEqual([[cast.clientB.fullName, cast.clientB.email]]);
    await expect(createReport(cast.clientA, { clientId: cast.clientA.id, title: "x", body: "y" }, [])).rejects.toMatchObject({ status: 403 });
    await expect(createReport(cast.admin, { clientId: cast.admin.id, title: "x", body: "y" }, [])).rejects.toMatchObject({ status: 400 });
  });

  it("finds reports by any part of their title through the title index, and follows renames and deletions", async () => {
    const { id: quarterly } = await createReport(cast.admin, { clientId: cast.clientA.id, title: "Xyloquarterly 941 filing (é9)", body: "Filed." }, []);
    const { id: arabic } = await createReport(cast.admin, { clientId: cast.clientA.id, title: "ترجمة شهادة الميلاد زبرجد", body: "تم." }, []);
    const { id: quoted } = await createReport(cast.admin, { clientId: cast.clientA.id, title: 'The "Smithxyl" 100%_done letter', body: "Sent." }, []);
    const titles = async (q: string) => (await listReports(cast.admin, { q })).items.map((item) => item.title).sort();

    expect(await titles("LOQUARTERLY 94")).toEqual(["Xyloquarterly 941 filing (é9)"]); // inside a word, any case
    expect(await titles("é9")).toEqual(["Xyloquarterly 941 filing (é9)"]); // shorter than a trigram
    expect(await titles("شهادة الميلاد زب")).toEqual(["ترجمة شهادة الميلاد زبرجد"]);
    expect(await titles('"smithxyl"')).toEqual(['The "Smithxyl" 100%_done letter']); // quotes are text, not syntax
    expect(await titles('xyl" 100%_d')).toEqual(['The "Smithxyl" 100%_done letter']); // wildcards are text
    expect(await titles('xyl" 100%x')).toEqual([]);
    expect(await titles("xyloquarterly OR smithxyl")).toEqual([]); // no query language leaks through

    await updateReport(cast.admin, quarterly, { title: "Xyloannual 940 filing" });
    expect(await titles("xyloquarterly")).toEqual([]);
    expect(await titles("xyloannual 940")).toEqual(["Xyloannual 940 filing"]);
    await deleteReport(cast.admin, arabic);
    expect(await titles("شهادة الميلاد زب")).toEqual([]);
    await deleteReport(cast.admin, quoted);
    await deleteReport(cast.admin, quarterly);
  });

  it("renders Markdown and removes anything executable", () => {
    const html = renderMarkdown(
      '# Title\n\n[site](https://example.com) <a href="javascript:alert(1)">x</a> <iframe src="https://evil"></iframe> <p onclick="x()" style="color:red">p</p>',
    );
    expect(html).toContain("<h2>Title</h2>");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">site</a>');
    expect(html).not.toMatch(/javascript:|<iframe|onclick|style=/);
  });

  it("moves headings one level down: the page keeps its only <h1>", () => {
    const html = renderMarkdown("# One\n\n## Two\n\n### Three\n\n#### Four\n\n##### Five\n\n###### Six\n\n<h1>Raw</h1>");
    expect(html).not.toMatch(/<h1/);
    expect([...html.matchAll(/<(h[1-6])>([A-Za-z]+)</g)].map((match) => `${match[1]} ${match[2]}`)).toEqual([
      "h2 One",
      "h3 Two",
      "h4 Three",
      "h5 Four",
      "h6 Five",
      "h6 Six",
      "h2 Raw",
    ]);
  });
});
