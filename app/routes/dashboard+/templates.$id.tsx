import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Eye, RotateCcw, Save, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ConfirmAction } from "~/components/confirm-action";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, TextareaField, TextField, useZodForm } from "~/components/forms";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireBackOffice } from "~/core/identity/guards.server";
import {
  getTemplateForEditing,
  previewTemplate,
  resetTemplateOverride,
  saveTemplateOverride,
  sendTestEmail,
  type TemplatePreview,
} from "~/features/email/index.server";
import { TemplateEditSchema } from "~/features/email";
import { useFormatter } from "~/lib/format";
import { invariantResponse, loadOrNotFound, refusal } from "~/lib/http.server";
import { fallbackLanguage, languageNames, supportedLanguages } from "~/lib/i18n/config";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";

function languageOf(request: Request): string {
  return new URL(request.url).searchParams.get("language") ?? fallbackLanguage;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request, "admin");
  const language = languageOf(request);
  const [template, preview] = await loadOrNotFound(Promise.all([getTemplateForEditing(params.id!, language), previewTemplate(params.id!, language)]));
  return json({ template, preview, title: template.current.subject || template.id });
}

type ActionData = { intent: string; result?: SubmissionResult<string[]>; preview?: TemplatePreview };

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "admin");
  const id = params.id!;
  const language = languageOf(request);
  const back = `/dashboard/templates/${id}?language=${encodeURIComponent(language)}`;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  switch (intent) {
    case "save":
    case "preview": {
      const submission = parseWithZod(form, { schema: TemplateEditSchema });
      if (submission.status !== "success") return json<ActionData>({ intent, result: submission.reply() }, { status: 400 });
      try {
        if (intent === "preview") {
          const preview = await previewTemplate(id, language, submission.value);
          return json<ActionData>({ intent, result: submission.reply(), preview });
        }
        await saveTemplateOverride(user, id, language, submission.value);
      } catch (error) {
        return refusal(request, error, submission, { intent });
      }
      return redirectWithToast(back, { type: "success", message: "templates:saved" });
    }
    case "reset": {
      try {
        await resetTemplateOverride(user, id, language);
      } catch (error) {
        return refusal(request, error);
      }
      return redirectWithToast(back, { type: "success", message: "templates:resetDone" });
    }
    case "test": {
      try {
        await sendTestEmail(user, id, language);
      } catch (error) {
        return refusal(request, error);
      }
      return redirectWithToast(back, { type: "success", message: "templates:testSent", params: { email: user.email } });
    }
  }
  invariantResponse(false, "Bad Request", { status: 400 });
}

export default function TemplateEditor() {
  const { template, preview: savedPreview } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation("templates");
  const format = useFormatter();
  const draftPreview = actionData?.intent === "preview" ? actionData.preview : undefined;
  const preview = draftPreview ?? savedPreview;
  const [form, fields] = useZodForm(TemplateEditSchema, {
    id: `template-${template.id}-${template.language}`,
    lastResult: actionData?.intent === "save" || actionData?.intent === "preview" ? actionData.result : undefined,
    defaultValue: {
      subject: template.current.subject,
      heading: template.current.heading,
      body: template.current.body,
      action: template.current.action ?? "",
      note: template.current.note ?? "",
    },
    shouldValidate: "onSubmit",
  });
  const dir = template.language === "ar" ? "rtl" : "ltr";
  const hint = t("variablesHint", { variables: template.variables.map((name) => `{{${name}}}`).join(", ") });
  return (
    <div className="space-y-6">
      <PageHeader
        back={{ to: "/dashboard/templates", label: t("back") }}
        title={template.builtIn.subject || template.id}
        description={
          <span className="font-mono" dir="ltr">
            {template.id}
          </span>
        }
      />
      <nav aria-label={t("languages")} className="flex flex-wrap gap-2">
        {supportedLanguages.map((language) => (
          <Link
            key={language}
            to={`?language=${language}`}
            lang={language}
            aria-current={template.language === language ? "page" : undefined}
            className={cn("rounded-md border px-3 py-1.5 text-sm", template.language === language && "bg-secondary font-semibold")}
          >
            {languageNames[language]}
          </Link>
        ))}
      </nav>
      <p className="text-sm text-muted-foreground" data-testid="template-state">
        {template.overridden && template.updatedAt ? t("state.edited", { date: format.dateTime(template.updatedAt) }) : t("state.builtIn")}
      </p>

      <div className="grid gap-6 xl:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t("editor.title", { language: languageNames[template.language] })}</CardTitle>
            <p className="text-sm text-muted-foreground">
              {t("variables")}{" "}
              <span className="font-mono" dir="ltr" data-testid="template-variables">
                {template.variables.map((name) => `{{${name}}}`).join(" ")}
              </span>
            </p>
          </CardHeader>
          <CardContent>
            <Form method="post" className="space-y-4" {...getFormProps(form)}>
              <FormErrors id={form.errorId} errors={form.errors} />
              <div dir={dir} lang={template.language} className="space-y-4">
                <TextField field={fields.subject} label={t("fields.subject")} hint={hint} />
                <TextField field={fields.heading} label={t("fields.heading")} />
                <TextareaField field={fields.body} label={t("fields.body")} hint={t("bodyHint")} textareaProps={{ rows: 10 }} />
                {template.hasAction ? <TextField field={fields.action} label={t("fields.action")} /> : null}
                <TextareaField field={fields.note} label={t("fields.note")} textareaProps={{ rows: 2 }} />
              </div>
              <div className="flex flex-wrap gap-3">
                <Button type="submit" name="intent" value="save">
                  <Save aria-hidden />
                  {t("save")}
                </Button>
                <Button type="submit" name="intent" value="preview" variant="outline">
                  <Eye aria-hidden />
                  {t("preview")}
                </Button>
              </div>
            </Form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{draftPreview ? t("previewTitle.draft") : t("previewTitle.saved")}</CardTitle>
            <p className="text-sm">
              <span className="text-muted-foreground">{t("fields.subject")}: </span>
              <span data-testid="preview-subject" lang={template.language} dir={dir}>
                {preview.subject}
              </span>
            </p>
          </CardHeader>
          <CardContent className="space-y-4">
            {/* The e-mail's own HTML: every text in it is escaped by renderEmail (features/email/email.server.ts),
                and the page's CSP, which a srcdoc frame inherits, runs no script in it. An empty sandbox on top:
                the frame gets an origin of its own, no script, form, pop-up or navigation of this page. */}
            <iframe
              title={t("previewFrame")}
              srcDoc={preview.html}
              sandbox=""
              className="h-[28rem] w-full rounded-md border bg-white"
              data-testid="preview-frame"
            />
            <details>
              <summary className="cursor-pointer text-sm">{t("plainText")}</summary>
              <pre className="mt-2 whitespace-pre-wrap rounded-md border bg-muted/50 p-3 text-xs" lang={template.language} dir={dir} data-testid="preview-text">
                {preview.text}
              </pre>
            </details>
            <div className="flex flex-wrap gap-3">
              <Form method="post">
                <input type="hidden" name="intent" value="test" />
                <Button type="submit" variant="outline">
                  <Send aria-hidden />
                  {t("test")}
                </Button>
              </Form>
              {template.overridden ? (
                <ConfirmAction
                  label={
                    <>
                      <RotateCcw aria-hidden />
                      {t("reset")}
                    </>
                  }
                  title={t("resetTitle")}
                  description={t("resetBody", { language: languageNames[template.language] })}
                  confirmLabel={t("reset")}
                  fields={{ intent: "reset" }}
                  triggerVariant="destructive"
                />
              ) : null}
            </div>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

export const handle = { i18n: ["templates"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
