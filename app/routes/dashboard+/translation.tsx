import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ArrowLeftRight, ArrowRight, Copy, Trash2 } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { ListFilters } from "~/components/list-filters";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FieldErrors, FormErrors, SelectField, TextField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Select, Textarea } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { Badge } from "~/components/ui/badge";
import { requireBackOffice } from "~/core/identity/guards.server";
import { GlossaryAddSchema, MAX_TEXT_LENGTH, MT_LANGUAGES, parseGlossaryQuery, TranslateFormSchema, type MtLanguage } from "~/features/machine-translation";
import {
  addGlossaryTerm,
  deleteGlossaryTerm,
  isMachineTranslationConfigured,
  listGlossary,
  machineTranslate,
  type MachineTranslationResult,
} from "~/features/machine-translation/index.server";
import { currentPath, invariantResponse, refusal } from "~/lib/http.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { pageLinks } from "~/lib/pagination";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";

/**
 * The single-text translation tool: a form post that re-renders with
 * the machine draft and keeps what was typed, with or without JavaScript. Below it, the
 * glossary of fixed terms per language pair. Staff with the translations feature.
 */
const SETTINGS_PATH = "/dashboard/translations?tab=settings";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "translations");
  const language = await getLanguage(request);
  const t = await getFixedT(language, "translation-tool");
  const query = parseGlossaryQuery(new URL(request.url));
  return json({
    title: t("title"),
    configured: await isMachineTranslationConfigured(),
    defaultTarget: (language === "ar" ? "en" : "ar") as MtLanguage,
    glossary: await listGlossary(user, query),
    filter: { from: query.from ?? "", to: query.to ?? "" },
  });
}

type Values = { source: string; target: string; text: string };
type Output = Pick<MachineTranslationResult, "translation" | "masked" | "detectedSource" | "glossaryApplied" | "unrestored">;
type TranslateData = { form: "translate"; result?: SubmissionResult<string[]>; values?: Values; output?: Output | null; version?: string };
type GlossaryData = { form: "glossary"; result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "translations");
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "translate");

  if (intent === "glossary-delete") {
    const id = String(formData.get("id") ?? "");
    invariantResponse(id, "Bad Request", { status: 400 });
    try {
      await deleteGlossaryTerm(user, id);
    } catch (error) {
      return refusal(request, error);
    }
    return redirectWithToast(currentPath(request), { type: "success", message: "translation-tool:glossary.deleted" });
  }

  if (intent === "glossary-add") {
    const submission = parseWithZod(formData, { schema: GlossaryAddSchema });
    if (submission.status !== "success") return json<GlossaryData>({ form: "glossary", result: submission.reply() }, { status: 400 });
    try {
      await addGlossaryTerm(user, submission.value);
    } catch (error) {
      return refusal(request, error, submission, { form: "glossary" });
    }
    return redirectWithToast(currentPath(request), { type: "success", message: "translation-tool:glossary.added" });
  }

  if (intent === "swap") return swap(formData);

  const submission = parseWithZod(formData, { schema: TranslateFormSchema });
  if (submission.status !== "success") return json<TranslateData>({ form: "translate", result: submission.reply() }, { status: 400 });
  const { source, target, text } = submission.value;
  try {
    const result = await machineTranslate({ text, source, target, actorId: user.id });
    const output: Output = {
      translation: result.translation,
      masked: result.masked,
      detectedSource: result.detectedSource,
      glossaryApplied: result.glossaryApplied,
      unrestored: result.unrestored,
    };
    return json<TranslateData>({ form: "translate", result: submission.reply(), values: { source, target, text }, output, version: crypto.randomUUID() });
  } catch (error) {
    return refusal(request, error, submission, { form: "translate" });
  }
}

/** The languages change places, and the translation (when there is one) becomes the text to translate. */
function swap(formData: FormData) {
  const source = String(formData.get("source") ?? "auto");
  const target = String(formData.get("target") ?? "");
  const text = String(formData.get("translation") || formData.get("text") || "");
  const detected = String(formData.get("detected") ?? "");
  const from = source === "auto" ? detected : source;
  const newTarget = (MT_LANGUAGES as readonly string[]).includes(from) && from !== target ? from : MT_LANGUAGES.find((code) => code !== target)!;
  // No submission result: the form starts again from these values, with no errors shown.
  return json<TranslateData>({ form: "translate", values: { source: target, target: newTarget, text }, output: null, version: crypto.randomUUID() });
}

export default function TranslationTool() {
  const { configured, defaultTarget, glossary, filter } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as TranslateData | GlossaryData | undefined;
  const { t } = useTranslation("translation-tool");
  const translateData = actionData?.form === "translate" ? actionData : undefined;
  const glossaryData = actionData?.form === "glossary" ? actionData : undefined;
  return (
    <div className="space-y-8">
      <PageHeader title={t("title")} description={t("description")} />
      {configured ? null : (
        <div role="status" className="rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm">
          <p className="font-semibold">{t("notConfigured.title")}</p>
          <p className="mt-1">{t("notConfigured.body")}</p>
          <Link to={SETTINGS_PATH} className="mt-2 inline-block font-semibold text-primary underline underline-offset-4">
            {t("notConfigured.link")}
          </Link>
        </div>
      )}
      <TranslateForm key={translateData?.version ?? "first"} data={translateData} defaultTarget={defaultTarget} />
      <GlossarySection glossary={glossary} filter={filter} lastResult={glossaryData?.result} />
    </div>
  );
}

function LanguageOptions({ withDetect = false }: { withDetect?: boolean }) {
  const { t } = useTranslation("translation-tool");
  return (
    <>
      {withDetect ? <option value="auto">{t("form.detect")}</option> : null}
      {MT_LANGUAGES.map((code) => (
        <option key={code} value={code}>
          {t(`languages.${code}`)}
        </option>
      ))}
    </>
  );
}

function TranslateForm({ data, defaultTarget }: { data?: TranslateData; defaultTarget: MtLanguage }) {
  const { t } = useTranslation("translation-tool");
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") !== "glossary-add" && navigation.formData?.get("intent") !== "glossary-delete";
  const [form, fields] = useZodForm(TranslateFormSchema, {
    id: "translate",
    lastResult: data?.result,
    defaultValue: data?.values ?? { source: "auto", target: defaultTarget, text: "" },
    shouldValidate: "onSubmit",
  });
  const [length, setLength] = useState((data?.values?.text ?? "").length);
  const [copied, setCopied] = useState<"copied" | "copyFailed" | null>(null);
  const output = data?.output ?? null;
  const translation = output?.translation ?? "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(translation);
      setCopied("copied");
    } catch {
      setCopied("copyFailed");
    }
  };

  return (
    <Form method="post" className="space-y-4" {...getFormProps(form)}>
      <FormErrors id={form.errorId} errors={form.errors} />
      {output?.detectedSource ? <input type="hidden" name="detected" value={output.detectedSource} /> : null}
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fields.source.id}>{t("form.source")}</Label>
          <Select id={fields.source.id} name={fields.source.name} defaultValue={fields.source.initialValue as string} key={fields.source.key} className="w-48">
            <LanguageOptions withDetect />
          </Select>
        </div>
        <Button type="submit" name="intent" value="swap" variant="outline" size="icon" title={t("form.swap")} aria-label={t("form.swap")} formNoValidate>
          <ArrowLeftRight aria-hidden className="size-4" />
        </Button>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fields.target.id}>{t("form.target")}</Label>
          <Select
            id={fields.target.id}
            name={fields.target.name}
            defaultValue={fields.target.initialValue as string}
            key={fields.target.key}
            aria-invalid={fields.target.errors ? true : undefined}
            aria-describedby={fields.target.errors ? fields.target.errorId : undefined}
            className="w-48"
          >
            <LanguageOptions />
          </Select>
        </div>
      </div>
      <FieldErrors id={fields.target.errorId} errors={fields.target.errors} />
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor={fields.text.id}>{t("form.text")}</Label>
          <Textarea
            id={fields.text.id}
            name={fields.text.name}
            key={fields.text.key}
            defaultValue={fields.text.initialValue as string}
            rows={12}
            maxLength={MAX_TEXT_LENGTH}
            dir="auto"
            required
            aria-invalid={fields.text.errors ? true : undefined}
            aria-describedby={`${fields.text.descriptionId}${fields.text.errors ? ` ${fields.text.errorId}` : ""}`}
            onChange={(event) => setLength(event.currentTarget.value.length)}
          />
          <p id={fields.text.descriptionId} className="text-xs text-muted-foreground">
            {t("form.limit")}
            {hydrated ? <span className="ms-2 tabular-nums">{t("form.count", { count: length, max: MAX_TEXT_LENGTH })}</span> : null}
          </p>
          <FieldErrors id={fields.text.errorId} errors={fields.text.errors} />
        </div>
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Label htmlFor="translation">{t("form.translation")}</Label>
            {output ? (
              <Badge tone="warning" data-testid="machine-draft">
                {t("result.machineDraft")}
              </Badge>
            ) : null}
          </div>
          <Textarea
            id="translation"
            name="translation"
            readOnly
            rows={12}
            dir="auto"
            defaultValue={translation}
            aria-describedby="translation-notes"
            className="bg-muted/40"
          />
          <div id="translation-notes" className="space-y-1 text-xs text-muted-foreground" aria-live="polite">
            {output ? (
              <>
                <p>{output.masked === 0 ? t("result.maskedNone") : t("result.masked", { count: output.masked })}</p>
                {output.detectedSource ? <p>{t("result.detected", { language: t(`languages.${output.detectedSource}`) })}</p> : null}
                {output.glossaryApplied > 0 ? <p>{t("result.glossary", { count: output.glossaryApplied })}</p> : null}
                {output.unrestored > 0 ? <p className="font-semibold text-destructive">{t("result.unrestored", { count: output.unrestored })}</p> : null}
              </>
            ) : null}
            {copied ? <p>{t(`form.${copied}`)}</p> : null}
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="translate" disabled={busy}>
          {t("form.translate")}
        </Button>
        {hydrated && translation ? (
          <Button type="button" variant="outline" onClick={copy}>
            <Copy aria-hidden className="size-4" />
            {t("form.copy")}
          </Button>
        ) : null}
      </div>
    </Form>
  );
}

type GlossaryPage = ReturnType<typeof useLoaderData<typeof loader>>["glossary"];

function GlossarySection({
  glossary,
  filter,
  lastResult,
}: {
  glossary: GlossaryPage;
  filter: { from: string; to: string };
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useTranslation("translation-tool");
  const [form, fields] = useZodForm(GlossaryAddSchema, {
    id: "glossary-add",
    lastResult,
    defaultValue: { sourceLanguage: filter.from || "en", targetLanguage: filter.to || "ar" },
  });
  const languageOptions = MT_LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }));
  return (
    <section aria-labelledby="glossary-title" className="space-y-4 border-t pt-6">
      <div>
        <h2 id="glossary-title" className="text-xl font-semibold">
          {t("glossary.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("glossary.description")}</p>
      </div>
      <ListFilters className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="glossary-from">{t("glossary.filterFrom")}</Label>
          <Select id="glossary-from" name="from" defaultValue={filter.from} className="w-40">
            <option value="">{t("glossary.anyLanguage")}</option>
            <LanguageOptions />
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="glossary-to">{t("glossary.filterTo")}</Label>
          <Select id="glossary-to" name="to" defaultValue={filter.to} className="w-40">
            <option value="">{t("glossary.anyLanguage")}</option>
            <LanguageOptions />
          </Select>
        </div>
        <Button type="submit" variant="outline">
          {t("glossary.apply")}
        </Button>
      </ListFilters>
      <DataTable
        caption={t("glossary.title")}
        rows={glossary.items}
        rowKey={(entry) => entry.id}
        empty={t("glossary.empty")}
        columns={[
          {
            header: t("glossary.pair"),
            cell: (entry) => (
              <span className="inline-flex items-center gap-1 whitespace-nowrap">
                {t(`languages.${entry.sourceLanguage}`)}
                <ArrowRight aria-hidden className="size-3.5 rtl:rotate-180" />
                <span className="sr-only">{t("glossary.filterTo")}</span>
                {t(`languages.${entry.targetLanguage}`)}
              </span>
            ),
          },
          { header: t("glossary.sourceTerm"), cell: (entry) => <bdi className="font-medium">{entry.sourceTerm}</bdi> },
          { header: t("glossary.targetTerm"), cell: (entry) => <bdi>{entry.targetTerm}</bdi> },
          { header: t("glossary.note"), cell: (entry) => entry.note ?? "" },
          {
            header: t("glossary.actions"),
            cell: (entry) => (
              <ConfirmAction
                label={t("glossary.delete")}
                title={t("glossary.deleteQuestion")}
                description={t("glossary.deleteWarning", { term: entry.sourceTerm })}
                confirmLabel={t("glossary.deleteConfirm")}
                fields={{ intent: "glossary-delete", id: entry.id }}
                triggerVariant="destructive"
                icon={<Trash2 aria-hidden className="size-4" />}
                testId={`delete-term-${entry.id}`}
              />
            ),
          },
        ]}
      />
      <Pagination {...pageLinks(glossary)} />
      <Form method="post" className={cn("space-y-4 rounded-lg border bg-card p-4")} {...getFormProps(form)}>
        <h3 className="font-semibold">{t("glossary.addTitle")}</h3>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="glossary-add" />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField field={fields.sourceLanguage} label={t("glossary.termLanguage")} options={languageOptions} />
          <SelectField field={fields.targetLanguage} label={t("glossary.translationLanguage")} options={languageOptions} />
          <TextField field={fields.sourceTerm} label={t("glossary.sourceTerm")} inputProps={{ dir: "auto" }} />
          <TextField field={fields.targetTerm} label={t("glossary.targetTerm")} inputProps={{ dir: "auto" }} />
          <TextField field={fields.note} label={t("glossary.noteOptional")} className="sm:col-span-2" />
        </div>
        <Button type="submit">{t("glossary.add")}</Button>
      </Form>
    </section>
  );
}

export const handle = { i18n: ["translation-tool"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
