import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Eye, EyeOff } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { TextareaField, TextField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { requireBackOffice } from "~/core/identity/guards.server";
import { EditLink, EditorActions, isLanguageParam, ItemEditor, LanguageTabs, MoveButtons, FaqFormSchema } from "~/features/content";
import { listScreenData, createFaq, findFaqForAdmin, listFaqsForAdmin, moveFaq, saveFaqTranslation, setFaqActive } from "~/features/content/index.server";
import { invalid } from "~/lib/app-error";
import { refusal } from "~/lib/http.server";
import { languageNames, supportedLanguages, type Language } from "~/lib/i18n/config";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

/**
 * /dashboard/faqs: the public site's questions and answers, one language per tab (?lang=),
 * added and edited there (?edit={id}), moved up and down, hidden and shown again. Everything
 * is a plain form: it works without JavaScript.
 */
function tabOf(url: URL): Language {
  const lang = url.searchParams.get("lang");
  return isLanguageParam(lang) ? lang : "en";
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireBackOffice(request, "admin");
  const screen = await listScreenData(request, { titleKey: "faqs.title", list: listFaqsForAdmin, find: findFaqForAdmin });
  return json({ language: tabOf(new URL(request.url)), ...screen });
}

type ActionData = { result: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "admin");
  const form = await request.formData();
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  const back = (language: string) => `/dashboard/faqs?lang=${isLanguageParam(language) ? language : "en"}`;
  const tab = String(form.get("tab") ?? "en");
  if (intent === "save") {
    const submission = parseWithZod(form, { schema: FaqFormSchema });
    if (submission.status !== "success") return json<ActionData>({ result: submission.reply() }, { status: 400 });
    try {
      if (submission.value.id) await saveFaqTranslation(user, submission.value.id, submission.value);
      else await createFaq(user, submission.value);
      return redirectWithToast(back(submission.value.language), { type: "success", message: "site-media:faqs.saved" });
    } catch (error) {
      return refusal(request, error, submission);
    }
  }
  try {
    if (intent === "move") {
      const direction = form.get("direction") === "up" ? "up" : "down";
      await moveFaq(user, id, direction);
      return redirectWithToast(back(tab), { type: "success", message: "site-media:order.moved" });
    }
    if (intent === "visibility") {
      const active = form.get("active") === "true";
      await setFaqActive(user, id, active);
      return redirectWithToast(back(tab), { type: "success", message: active ? "site-media:faqs.shown" : "site-media:faqs.hidden" });
    }
    throw invalid("site-media:errors.unknownIntent");
  } catch (error) {
    return refusal(request, error);
  }
}

export default function Faqs() {
  const { language, items: faqs, editing } = useLoaderData<typeof loader>();
  const { t } = useTranslation("site-media");
  const missing = supportedLanguages.filter((code) => faqs.some((faq) => !faq.translations[code]));
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader title={t("faqs.title")} description={t("faqs.description")} />
      <LanguageTabs current={language} hrefFor={(code) => `/dashboard/faqs?lang=${code}`} missing={missing} />

      <ol className="space-y-3" aria-label={t("faqs.listLabel", { language: languageNames[language] })}>
        {faqs.map((faq, index) => {
          const text = faq.translations[language];
          const name = text?.question ?? faq.translations.en?.question ?? "";
          return (
            <li key={faq.id} className="flex flex-wrap items-start gap-3 rounded-lg border bg-card p-4" data-testid="faq-row">
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  {faq.active ? <Badge tone="success">{t("status.shown")}</Badge> : <Badge tone="quiet">{t("status.hidden")}</Badge>}
                  {text ? null : <Badge tone="warning">{t("faqs.notTranslated", { language: languageNames[language] })}</Badge>}
                </div>
                <p className="font-semibold" lang={text ? language : "en"} dir="auto">
                  {name}
                </p>
                {text ? (
                  <p className="line-clamp-2 text-sm text-muted-foreground" lang={language} dir="auto">
                    {text.answer}
                  </p>
                ) : null}
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <MoveButtons id={faq.id} name={name} first={index === 0} last={index === faqs.length - 1} />
                <Form method="post">
                  <input type="hidden" name="intent" value="visibility" />
                  <input type="hidden" name="id" value={faq.id} />
                  <input type="hidden" name="tab" value={language} />
                  <input type="hidden" name="active" value={faq.active ? "false" : "true"} />
                  <Button type="submit" variant="outline" size="sm">
                    {faq.active ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                    {faq.active ? t("faqs.hide") : t("faqs.show")}
                  </Button>
                </Form>
                <EditLink to={`/dashboard/faqs?lang=${language}&edit=${faq.id}#faq-form`} label={t("faqs.editNamed", { name })} />
              </div>
            </li>
          );
        })}
      </ol>
      {faqs.length === 0 ? <p className="text-muted-foreground">{t("faqs.empty")}</p> : null}

      <FaqForm key={`${editing?.id ?? "new"}-${language}`} language={language} editing={editing} />
    </div>
  );
}

function FaqForm({
  language,
  editing,
}: {
  language: Language;
  editing: { id: string; translations: Partial<Record<Language, { question: string; answer: string }>> } | null;
}) {
  const { t } = useTranslation("site-media");
  const actionData = useActionData<typeof action>();
  const current = editing?.translations[language];
  const [form, fields] = useZodForm(FaqFormSchema, {
    id: "faq-form",
    lastResult: actionData && "result" in actionData ? actionData.result : undefined,
    defaultValue: { id: editing?.id ?? "", language, question: current?.question ?? "", answer: current?.answer ?? "" },
  });
  const heading = editing ? t("faqs.editIn", { language: languageNames[language] }) : t("faqs.addIn", { language: languageNames[language] });
  return (
    <ItemEditor form={form} heading={heading} idName={fields.id.name} editingId={editing?.id}>
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name={fields.language.name} value={language} />
      <TextField field={fields.question} label={t("faqs.question")} inputProps={{ lang: language, dir: "auto" }} />
      <TextareaField field={fields.answer} label={t("faqs.answer")} textareaProps={{ lang: language, dir: "auto", rows: 5 }} />
      <EditorActions editing={Boolean(editing)} addLabel={t("faqs.add")} cancelTo={`/dashboard/faqs?lang=${language}`} />
    </ItemEditor>
  );
}

export const handle = { i18n: ["site-media"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
