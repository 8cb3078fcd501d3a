import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldErrors, FormErrors } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Footer } from "~/shell/public/footer";
import { AboutSection, CtaSection, HeroSection, StatsSection } from "~/shell/public/home-sections";
import { LegalPage } from "~/components/public/legal-page";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Badge } from "~/components/ui/badge";
import { requireBackOffice } from "~/core/identity/guards.server";
import {
  type FooterBlocks,
  type Stat,
  CONTENT_LANGUAGES,
  isLocalized,
  isSectionId,
  MAX_FOOTER_LINKS,
  MAX_HOURS,
  MAX_STATS,
  SECTION_SCHEMAS,
  TEXT_FIELDS,
  WEEKDAYS,
  type ContentLanguage,
  type SectionId,
} from "~/features/content";
import type { Firm } from "~/core/office/firm";
import {
  diffLines,
  getSectionForEdit,
  getSectionVersion,
  listSectionsOverview,
  previewMarkdown,
  restoreSectionVersion,
  saveSection,
  sectionLines,
  listServices,
} from "~/features/content/index.server";
import { getFirm } from "~/core/office/firm.server";
import { notFound } from "~/lib/app-error";
import { useFormatter } from "~/lib/format";
import { loadOrNotFound, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";

/**
 * /dashboard/content/{sectionId}: one section of the public site in one language (tabs are links,
 * `?lang=`), a preview of the unsaved draft drawn by the public site's own components (server-rendered
 * from the submitted form), the kept versions with a comparison (`?compare=<version>`) and a restore.
 */
function readSectionId(params: { sectionId?: string }): SectionId {
  const id = params.sectionId ?? "";
  if (!isSectionId(id)) throw notFound("content:errors.sectionNotFound");
  return id;
}

function readLanguage(url: URL): ContentLanguage {
  const asked = url.searchParams.get("lang");
  return (CONTENT_LANGUAGES as readonly string[]).includes(asked ?? "") ? (asked as ContentLanguage) : "en";
}

function editPath(id: SectionId, language: ContentLanguage): string {
  return isLocalized(id) ? `/dashboard/content/${id}?lang=${language}` : `/dashboard/content/${id}`;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request, "admin");
  const url = new URL(request.url);
  const language = readLanguage(url);
  const uiLanguage = await getLanguage(request);
  const { id, edit, overview, compare } = await loadOrNotFound(
    (async () => {
      const id = readSectionId(params);
      const [edit, overview] = await Promise.all([getSectionForEdit(id, language), listSectionsOverview()]);
      const compareId = url.searchParams.get("compare");
      const compare = compareId ? await getSectionVersion(id, language, compareId.slice(0, 100)) : null;
      return { id, edit, overview, compare };
    })(),
  );
  const t = await getFixedT(uiLanguage, "content");
  return json({
    id,
    language,
    localized: isLocalized(id),
    edit,
    statuses: overview.find((section) => section.id === id)?.statuses ?? [],
    compare: compare ? { id: compare.id, createdAt: compare.createdAt, lines: diffLines(sectionLines(compare.data), sectionLines(edit.data)) } : null,
    title: t("edit.title", { section: t(`sections.${id}.name`) }),
  });
}

type Preview =
  | { kind: "hero"; hero: { title: string; subtitle: string } }
  | { kind: "about"; title: string; bodyHtml: string; proprietor: { name: string; title: string } }
  | { kind: "cta"; cta: { title: string; body: string } }
  | { kind: "stats"; stats: Stat[] }
  | { kind: "footer"; firm: Firm; blocks: FooterBlocks; services: Array<{ key: string; icon: string; title: string; description: string }> }
  | { kind: "firm"; firm: Firm; blocks: FooterBlocks | null; services: Array<{ key: string; icon: string; title: string; description: string }> }
  | { kind: "legal"; html: string };

async function buildPreview(id: SectionId, value: Record<string, unknown>, language: ContentLanguage, uiLanguage: string): Promise<Preview> {
  switch (id) {
    case "hero":
      return { kind: "hero", hero: value as { title: string; subtitle: string } };
    case "cta":
      return { kind: "cta", cta: value as { title: string; body: string } };
    case "about": {
      const firm = await getFirm();
      const about = value as { title: string; body: string };
      return {
        kind: "about",
        title: about.title,
        bodyHtml: previewMarkdown(about.body),
        proprietor: { name: firm.proprietor, title: firm.proprietorTitle?.[language] ?? firm.proprietorTitle?.en ?? "" },
      };
    }
    case "stats": {
      const items = (value as { items: Array<{ key: string; value: number; suffix: string; i18n: Record<string, { label: string }> }> }).items;
      const label = (item: (typeof items)[number]) => (item.i18n[uiLanguage] ?? item.i18n.en)?.label ?? item.key;
      return { kind: "stats", stats: items.map((item) => ({ key: item.key, value: item.value, suffix: item.suffix, label: label(item) })) };
    }
    case "footer":
      return { kind: "footer", firm: await getFirm(), blocks: value as FooterBlocks, services: await listServices(language) };
    case "firm": {
      const [firm, services, footer] = await Promise.all([
        getFirm(),
        listServices(uiLanguage as ContentLanguage),
        getSectionForEdit("footer", uiLanguage as ContentLanguage),
      ]);
      return { kind: "firm", firm: { ...firm, ...(value as Partial<Firm>) }, blocks: (footer.data as FooterBlocks | null) ?? null, services };
    }
    default:
      return { kind: "legal", html: previewMarkdown((value as { markdown: string }).markdown) };
  }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "admin");
  const id = await loadOrNotFound(Promise.resolve().then(() => readSectionId(params)));
  const language = readLanguage(new URL(request.url));
  const formData = await request.formData();
  const intent = formData.get("intent");
  try {
    if (intent === "restore") {
      await restoreSectionVersion(user, id, language, String(formData.get("versionId") ?? "").slice(0, 100));
      return redirectWithToast(editPath(id, language), { type: "success", message: "content:edit.restored" });
    }
    const submission = parseWithZod(formData, { schema: SECTION_SCHEMAS[id] });
    if (submission.status !== "success") {
      return json({ result: submission.reply(), draft: submission.payload, preview: null }, { status: 400 });
    }
    if (intent === "preview") {
      const preview = await buildPreview(id, submission.value as Record<string, unknown>, language, await getLanguage(request));
      return json({ result: submission.reply(), draft: submission.payload, preview });
    }
    await saveSection(user, id, language, submission.value);
    return redirectWithToast(editPath(id, language), { type: "success", message: "content:edit.saved" });
  } catch (error) {
    return refusal(request, error);
  }
}

/** The value at a form path ("items[0].i18n.en.label") of the draft or the stored data. */
function valueAt(source: unknown, path: string): unknown {
  let current = source;
  for (const part of path.replace(/\[(\d+)\]/g, ".$1").split(".")) {
    if (current === null || current === undefined || typeof current !== "object") return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

function asText(value: unknown): string {
  return value === null || value === undefined ? "" : String(value);
}

function fieldId(name: string): string {
  return `field-${name.replace(/[^a-zA-Z0-9]+/g, "-")}`;
}

type FormState = { source: unknown; errors: Record<string, string[] | null | undefined>; dir: "rtl" | "ltr" };

function TextInput({
  state,
  name,
  label,
  kind = "text",
  type = "text",
  dir,
}: {
  state: FormState;
  name: string;
  label: ReactNode;
  kind?: "text" | "textarea" | "markdown";
  type?: "text" | "number" | "time" | "email" | "url" | "tel";
  dir?: "rtl" | "ltr";
}) {
  const id = fieldId(name);
  const errors = state.errors[name] ?? undefined;
  const common = {
    id,
    name,
    defaultValue: asText(valueAt(state.source, name)),
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": errors?.length ? `${id}-error` : undefined,
  };
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {kind === "text" ? (
        <Input {...common} type={type} dir={dir ?? (type === "text" ? state.dir : undefined)} />
      ) : (
        <Textarea {...common} dir={dir ?? state.dir} rows={kind === "markdown" ? 16 : 4} className={kind === "markdown" ? "font-mono text-sm" : undefined} />
      )}
      <FieldErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

function rowsOf(source: unknown, path: string, spare: number, max: number): number {
  const list = valueAt(source, path);
  const count = Array.isArray(list) ? list.length : 0;
  return Math.min(max, count + spare);
}

function SectionFields({ id, state }: { id: SectionId; state: FormState }) {
  const { t } = useTranslation("content");
  const textFields = TEXT_FIELDS[id] ?? [];
  return (
    <div className="space-y-4">
      {textFields.map((field) => (
        <TextInput key={field.name} state={state} name={field.name} kind={field.kind} label={t(`fields.${field.name}`)} />
      ))}
      {id === "footer" ? (
        <fieldset className="space-y-3 rounded-md border p-4">
          <legend className="px-1 text-sm font-semibold">{t("fields.links")}</legend>
          <p className="text-xs text-muted-foreground">{t("hints.rows")}</p>
          {Array.from({ length: rowsOf(state.source, "links", 2, MAX_FOOTER_LINKS) }, (_, index) => (
            <div key={index} className="grid gap-3 sm:grid-cols-2">
              <TextInput state={state} name={`links[${index}].label`} label={t("fields.linkLabel", { number: index + 1 })} />
              <TextInput state={state} name={`links[${index}].url`} type="url" dir="ltr" label={t("fields.linkUrl", { number: index + 1 })} />
            </div>
          ))}
        </fieldset>
      ) : null}
      {id === "stats" ? <StatsFields state={state} /> : null}
      {id === "firm" ? <FirmFields state={state} /> : null}
    </div>
  );
}

function StatsFields({ state }: { state: FormState }) {
  const { t } = useTranslation("content");
  return (
    <div className="space-y-4">
      <FieldErrors id="items-error" errors={state.errors.items ?? undefined} />
      <p className="text-xs text-muted-foreground">{t("hints.rows")}</p>
      {Array.from({ length: rowsOf(state.source, "items", 1, MAX_STATS) }, (_, index) => (
        <fieldset key={index} className="grid gap-3 rounded-md border p-4 sm:grid-cols-3">
          <legend className="px-1 text-sm font-semibold">{t("fields.figure", { number: index + 1 })}</legend>
          <TextInput state={state} name={`items[${index}].key`} dir="ltr" label={t("fields.statKey")} />
          <TextInput state={state} name={`items[${index}].value`} type="number" label={t("fields.statValue")} />
          <TextInput state={state} name={`items[${index}].suffix`} dir="ltr" label={t("fields.statSuffix")} />
          {CONTENT_LANGUAGES.map((language) => (
            <TextInput
              key={language}
              state={state}
              name={`items[${index}].i18n.${language}.label`}
              dir={language === "ar" ? "rtl" : "ltr"}
              label={t("fields.statLabel", { language: t(`languages.${language}`) })}
            />
          ))}
        </fieldset>
      ))}
    </div>
  );
}

function FirmFields({ state }: { state: FormState }) {
  const { t } = useTranslation("content");
  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput state={state} name="name" label={t("fields.firmName")} />
        <TextInput state={state} name="legalName" label={t("fields.legalName")} />
        <TextInput state={state} name="proprietor" label={t("fields.proprietor")} />
        <TextInput state={state} name="phone" type="tel" dir="ltr" label={t("fields.phone")} />
        <TextInput state={state} name="email" type="email" dir="ltr" label={t("fields.email")} />
      </div>
      <fieldset className="space-y-3 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">{t("fields.proprietorTitle")}</legend>
        {CONTENT_LANGUAGES.map((language) => (
          <TextInput
            key={language}
            state={state}
            name={`proprietorTitle.${language}`}
            dir={language === "ar" ? "rtl" : "ltr"}
            label={t(`languages.${language}`)}
          />
        ))}
      </fieldset>
      <fieldset className="grid gap-3 rounded-md border p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">{t("fields.address")}</legend>
        <TextInput state={state} name="address.street" label={t("fields.street")} />
        <TextInput state={state} name="address.city" label={t("fields.city")} />
        <TextInput state={state} name="address.region" label={t("fields.region")} />
        <TextInput state={state} name="address.postalCode" label={t("fields.postalCode")} />
        <TextInput state={state} name="address.country" label={t("fields.country")} />
      </fieldset>
      <fieldset className="grid gap-3 rounded-md border p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold">{t("fields.invoicePayments")}</legend>
        <p className="text-xs text-muted-foreground sm:col-span-2">{t("hints.invoicePayments")}</p>
        <TextInput state={state} name="zelleRecipient" dir="ltr" label={t("fields.zelleRecipient")} />
        <TextInput state={state} name="checkPayee" label={t("fields.checkPayee")} />
      </fieldset>
      <fieldset className="space-y-3 rounded-md border p-4">
        <legend className="px-1 text-sm font-semibold">{t("fields.hours")}</legend>
        <p className="text-xs text-muted-foreground">{t("hints.hours")}</p>
        {Array.from({ length: rowsOf(state.source, "hours", 1, MAX_HOURS) }, (_, index) => {
          const days = valueAt(state.source, `hours[${index}].days`);
          const chosen = new Set(Array.isArray(days) ? days.map(String) : typeof days === "string" ? [days] : []);
          const dayErrors = state.errors[`hours[${index}].days`] ?? undefined;
          return (
            <div key={index} className="space-y-2 border-t pt-3 first:border-t-0 first:pt-0">
              <fieldset>
                <legend className="text-sm font-medium">{t("fields.days", { number: index + 1 })}</legend>
                <div className="mt-1 flex flex-wrap gap-3">
                  {WEEKDAYS.map((day) => (
                    <label key={day} className="inline-flex items-center gap-1.5 text-sm">
                      <input type="checkbox" name={`hours[${index}].days`} value={day} defaultChecked={chosen.has(day)} className="size-4" />
                      {t(`days.${day}`)}
                    </label>
                  ))}
                </div>
                <FieldErrors id={`hours-${index}-days-error`} errors={dayErrors} />
              </fieldset>
              <div className="grid gap-3 sm:grid-cols-2">
                <TextInput state={state} name={`hours[${index}].opens`} type="time" label={t("fields.opens")} />
                <TextInput state={state} name={`hours[${index}].closes`} type="time" label={t("fields.closes")} />
              </div>
            </div>
          );
        })}
      </fieldset>
    </div>
  );
}

function PreviewPane({ preview, language }: { preview: Preview; language: string }) {
  const { t } = useTranslation("content");
  const dir = language === "ar" ? "rtl" : "ltr";
  return (
    <section aria-labelledby="preview-title" className="space-y-2" data-testid="content-preview">
      <h2 id="preview-title" className="text-lg font-semibold">
        {t("edit.preview")}
      </h2>
      <p className="text-sm text-muted-foreground">{t("edit.previewNote")}</p>
      <div lang={language} dir={dir} className="pointer-events-none overflow-hidden rounded-lg border bg-background">
        {preview.kind === "hero" ? <HeroSection hero={preview.hero} /> : null}
        {preview.kind === "about" ? <AboutSection title={preview.title} bodyHtml={preview.bodyHtml} proprietor={preview.proprietor} /> : null}
        {preview.kind === "cta" ? <CtaSection cta={preview.cta} signedIn={false} /> : null}
        {preview.kind === "stats" ? <StatsSection stats={preview.stats} /> : null}
        {preview.kind === "footer" || preview.kind === "firm" ? <Footer firm={preview.firm} services={preview.services} blocks={preview.blocks} /> : null}
        {preview.kind === "legal" ? <LegalPage html={preview.html} /> : null}
      </div>
    </section>
  );
}

export default function ContentSection() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { t } = useTranslation("content");
  const format = useFormatter();
  const draft = actionData && "draft" in actionData ? actionData.draft : undefined;
  const preview = actionData && "preview" in actionData ? (actionData.preview as Preview | null) : null;
  const result = actionData && "result" in actionData ? actionData.result : undefined;
  const errors = (result && "error" in result ? (result.error as Record<string, string[] | null> | undefined) : undefined) ?? {};
  const state: FormState = { source: draft ?? data.edit.data ?? {}, errors, dir: data.localized && data.language === "ar" ? "rtl" : "ltr" };
  const path = (extra = "") => `${data.localized ? `?lang=${data.language}` : "?"}${extra ? `${data.localized ? "&" : ""}${extra}` : ""}`;
  const busy = navigation.state !== "idle";

  return (
    <div className="space-y-6">
      <PageHeader back={{ to: "/dashboard/content", label: t("title") }} title={data.title} description={t(`sections.${data.id}.description`)} />

      {data.localized ? (
        <nav aria-label={t("edit.languages")}>
          <ul className="flex flex-wrap gap-1 border-b">
            {data.statuses.map((status) => (
              <li key={status.locale}>
                <Link
                  to={`?lang=${status.locale}`}
                  aria-current={status.locale === data.language ? "page" : undefined}
                  className={cn(
                    "inline-flex items-center gap-2 rounded-t-md border border-b-0 px-4 py-2 text-sm font-medium",
                    status.locale === data.language ? "bg-background text-primary" : "bg-muted/50 text-muted-foreground hover:text-foreground",
                  )}
                >
                  {t(`languages.${status.locale}`)}
                  {status.lagging ? <Badge tone="warning">{t("lagging")}</Badge> : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : (
        <p className="text-sm text-muted-foreground">{t("edit.allLanguages")}</p>
      )}

      {data.edit.laggingSince ? (
        <p role="status" className="rounded-md border border-warning/40 bg-warning/10 p-3 text-sm" data-testid="lagging-marker">
          {t("edit.laggingNote", { date: format.dateTime(data.edit.laggingSince) })}
        </p>
      ) : null}

      <div className="grid gap-8 xl:grid-cols-2">
        <Form method="post" key={`${data.edit.locale}:${data.edit.updatedAt ?? ""}`} className="space-y-5" aria-label={data.title} noValidate>
          <FormErrors errors={errors[""] ?? undefined} />
          {Object.keys(errors).length > 0 && !errors[""] ? <FormErrors errors={["content:errors.invalid"]} /> : null}
          <SectionFields id={data.id} state={state} />
          {TEXT_FIELDS[data.id]?.some((field) => field.kind === "markdown") ? <p className="text-xs text-muted-foreground">{t("hints.markdown")}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value="save" disabled={busy}>
              {t("edit.save")}
            </Button>
            <Button type="submit" name="intent" value="preview" variant="outline" disabled={busy}>
              {t("edit.showPreview")}
            </Button>
          </div>
        </Form>
        {preview ? <PreviewPane preview={preview} language={data.localized ? data.language : format.language} /> : null}
      </div>

      {data.compare ? (
        <section aria-labelledby="compare-title" className="space-y-2" data-testid="content-diff">
          <h2 id="compare-title" className="text-lg font-semibold">
            {t("edit.compareTitle", { date: format.dateTime(data.compare.createdAt) })}
          </h2>
          <p className="text-sm text-muted-foreground">{t("edit.compareNote")}</p>
          <pre className="max-h-[32rem] overflow-auto rounded-md border bg-muted/30 p-3 text-xs leading-relaxed whitespace-pre-wrap" dir="auto">
            {data.compare.lines.map((line, index) =>
              line.kind === "added" ? (
                <ins key={index} className="block bg-success/15 no-underline">
                  <span aria-hidden>+ </span>
                  <span className="sr-only">{t("edit.added")} </span>
                  {line.text}
                </ins>
              ) : line.kind === "removed" ? (
                <del key={index} className="block bg-destructive/15 no-underline">
                  <span aria-hidden>- </span>
                  <span className="sr-only">{t("edit.removed")} </span>
                  {line.text}
                </del>
              ) : (
                <span key={index} className="block text-muted-foreground">
                  {"  "}
                  {line.text}
                </span>
              ),
            )}
          </pre>
          <Link to={path()} className="text-sm primary-link">
            {t("edit.closeCompare")}
          </Link>
        </section>
      ) : null}

      <section aria-labelledby="versions-title" className="space-y-2">
        <h2 id="versions-title" className="text-lg font-semibold">
          {t("edit.versions")}
        </h2>
        {data.edit.versions.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("edit.noVersions")}</p>
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="content-versions">
            {data.edit.versions.map((version, index) => (
              <li key={version.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                <span className="font-medium">{format.dateTime(version.createdAt)}</span>
                <span className="text-muted-foreground">{version.createdBy ? (version.authorName ?? t("edit.unknownAuthor")) : t("edit.original")}</span>
                {index === 0 ? <Badge>{t("edit.current")}</Badge> : null}
                <span className="ms-auto flex items-center gap-2">
                  {index > 0 ? (
                    <>
                      <Link to={path(`compare=${version.id}`)} className="primary-link">
                        {t("edit.compare")}
                        <span className="sr-only"> {format.dateTime(version.createdAt)}</span>
                      </Link>
                      <Form method="post">
                        <input type="hidden" name="intent" value="restore" />
                        <input type="hidden" name="versionId" value={version.id} />
                        <Button type="submit" size="sm" variant="outline" disabled={busy}>
                          {t("edit.restore")}
                          <span className="sr-only"> {format.dateTime(version.createdAt)}</span>
                        </Button>
                      </Form>
                    </>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const handle = { i18n: ["content", "public"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
