import { afterEach, describe, expect, it } from "vitest";
import {
  builtInText,
  composeEmail,
  defineEmailTemplate,
  fillVariables,
  listEmailTemplates,
  setTemplateOverrideSource,
  unknownVariables,
} from "~/features/email/templates.server";

// The reports area's "new report" message, as a template over its existing strings.
const reportCreated = defineEmailTemplate({
  namespace: "reports",
  name: "created",
  variables: ["title", "name"] as const,
  sample: { title: "2025 tax return summary", name: "Maria Lopez" },
  hasAction: true,
});

describe("e-mail templates", () => {
  afterEach(() => setTemplateOverrideSource(async () => null));

  it("are registered with their variables and sample values", () => {
    expect(listEmailTemplates().map((template) => template.id)).toContain("reports.created");
    expect(reportCreated.variables).toEqual(["title", "name"]);
  });

  it("read their built-in text per language with the variables left to fill", async () => {
    const en = await builtInText(reportCreated, "en");
    expect(en.subject).toBe("New report: {{title}}");
    expect(en.action).toBe("Read the report");
    const ar = await builtInText(reportCreated, "ar");
    expect(ar.subject).toContain("{{title}}");
    expect(ar.subject).not.toBe(en.subject);
  });

  it("fill the variables, split the body into paragraphs and keep the button", async () => {
    const content = await composeEmail(reportCreated, "en", { title: "Q3 books", name: "Ann" }, "https://firm.example/client/reports/1");
    expect(content.subject).toBe("New report: Q3 books");
    expect(content.heading).toBe("Hello Ann,");
    expect(content.paragraphs[0]).toContain("“Q3 books”");
    expect(content.action).toEqual({ label: "Read the report", url: "https://firm.example/client/reports/1" });
  });

  it("use the firm's override when it renders, and fall back to the built-in text when it does not", async () => {
    setTemplateOverrideSource(async (id, language) =>
      id === "reports.created" && language === "fr" ? { subject: "Rapport : {{title}}", heading: "Bonjour {{name}}", body: "Un.\n\nDeux {{title}}." } : null,
    );
    const fr = await composeEmail(reportCreated, "fr", { title: "T", name: "N" });
    expect(fr.subject).toBe("Rapport : T");
    expect(fr.paragraphs).toEqual(["Un.", "Deux T."]);
    setTemplateOverrideSource(async () => ({ subject: "{{secret}}", heading: "", body: "" }));
    const fallback = await composeEmail(reportCreated, "en", { title: "T", name: "N" });
    expect(fallback.subject).toBe("New report: T");
  });

  it("tell which variables a text uses that the template does not offer", () => {
    expect(unknownVariables(reportCreated, "Hi {{name}}, {{ title }} {{password}} {{password}}")).toEqual(["password"]);
    expect(() => fillVariables("{{nope}}", { name: "x" })).toThrow(/nope/);
  });
});
