import type { SubmissionResult } from "@conform-to/react";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { Plus, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FormErrors, SelectField, TextareaField, TextField, useZodForm } from "~/components/forms";
import { ConfirmAction } from "~/components/confirm-action";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { requireBackOffice } from "~/core/identity/guards.server";
import { MESSAGE_MAX_LENGTH, messagePaths, SAVED_REPLY_LOCALES, SavedReplySchema } from "~/features/messages";
import { createSavedReply, deleteSavedReply, listSavedReplies, updateSavedReply, viewerOf } from "~/features/messages/index.server";
import { refusal } from "~/lib/http.server";
import { isLanguage, languageNames } from "~/lib/i18n/config";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";
import { cn } from "~/lib/utils";

/** Saved replies, per language: staff with messages write them here and insert them into a reply from a thread. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireBackOffice(request, "messages");
  const param = new URL(request.url).searchParams.get("locale");
  const locale = isLanguage(param) ? param : null;
  const t = await getFixedT(await getLanguage(request), "messages");
  return json({ replies: await listSavedReplies(viewerOf(user, request), locale ?? undefined), locale, title: t("savedReplies.title") });
}

type ActionData = { intent: string; id?: string; result?: SubmissionResult<string[]> };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireBackOffice(request, "messages");
  const viewer = viewerOf(user, request);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const back = "/dashboard/saved-replies";
  if (intent === "delete") {
    try {
      await deleteSavedReply(viewer, String(form.get("id") ?? ""));
    } catch (error) {
      return refusal(request, error);
    }
    return redirectWithToast(back, { type: "success", message: "messages:savedReplies.toast.deleted" });
  }
  const submission = parseWithZod(form, { schema: SavedReplySchema });
  const id = String(form.get("id") ?? "") || undefined;
  if (submission.status !== "success") return json<ActionData>({ intent, id, result: submission.reply() }, { status: 400 });
  const { locale, title, body } = submission.value;
  try {
    if (submission.value.intent === "update" && submission.value.id) await updateSavedReply(viewer, submission.value.id, { locale, title, body });
    else await createSavedReply(viewer, { locale, title, body });
  } catch (error) {
    return refusal(request, error, submission, { intent, id });
  }
  return redirectWithToast(back, {
    type: "success",
    message: submission.value.intent === "update" ? "messages:savedReplies.toast.updated" : "messages:savedReplies.toast.created",
  });
}

type Reply = { id: string; locale: string; title: string; body: string };

function ReplyForm({ reply, answer }: { reply?: Reply; answer?: ActionData }) {
  const { t } = useTranslation("messages");
  const mine = reply ? answer?.intent === "update" && answer.id === reply.id : answer?.intent === "create";
  const [form, fields] = useZodForm(SavedReplySchema, {
    id: reply ? `saved-reply-${reply.id}` : "saved-reply-new",
    lastResult: mine ? answer?.result : undefined,
    defaultValue: { intent: reply ? "update" : "create", id: reply?.id, locale: reply?.locale ?? "en", title: reply?.title ?? "", body: reply?.body ?? "" },
  });
  return (
    <Form method="post" className="space-y-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={reply ? "update" : "create"} />
      {reply ? <input type="hidden" name="id" value={reply.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <SelectField
        field={fields.locale}
        label={t("savedReplies.locale")}
        options={SAVED_REPLY_LOCALES.map((code) => ({ value: code, label: languageNames[code] }))}
      />
      <TextField field={fields.title} label={t("savedReplies.replyTitle")} inputProps={{ maxLength: 120, dir: "auto" }} />
      <TextareaField field={fields.body} label={t("savedReplies.body")} textareaProps={{ rows: 5, maxLength: MESSAGE_MAX_LENGTH, dir: "auto" }} />
      <Button type="submit" variant={reply ? "outline" : "default"}>
        {reply ? null : <Plus aria-hidden />}
        {reply ? t("savedReplies.save") : t("savedReplies.create")}
      </Button>
    </Form>
  );
}

export default function SavedReplies() {
  const { replies, locale } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as ActionData | undefined;
  const { t } = useTranslation("messages");
  return (
    <div className="space-y-6">
      <PageHeader back={{ to: messagePaths.staffList, label: t("staff.back") }} title={t("savedReplies.title")} description={t("savedReplies.description")} />
      <nav aria-label={t("savedReplies.filter")}>
        <ul className="flex flex-wrap gap-2">
          {[null, ...SAVED_REPLY_LOCALES].map((code) => (
            <li key={code ?? "all"}>
              <Link
                to={code ? `?locale=${code}` : "/dashboard/saved-replies"}
                aria-current={locale === code ? "page" : undefined}
                className={cn(buttonVariants({ variant: locale === code ? "default" : "outline", size: "sm" }))}
              >
                {code ? languageNames[code] : t("savedReplies.allLocales")}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-3 lg:col-span-2">
          {replies.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t("savedReplies.empty")}</p>
          ) : (
            <ul className="space-y-3" data-testid="saved-replies">
              {replies.map((reply) => (
                <li key={reply.id} className="rounded-lg border bg-card p-4" data-testid="saved-reply">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0 space-y-1">
                      <p className="font-semibold" dir="auto">
                        {reply.title}{" "}
                        <span className="text-xs font-normal text-muted-foreground">
                          ({isLanguage(reply.locale) ? languageNames[reply.locale] : reply.locale})
                        </span>
                      </p>
                      <p className="line-clamp-3 whitespace-pre-wrap text-sm text-muted-foreground" dir="auto">
                        {reply.body}
                      </p>
                    </div>
                    <ConfirmAction
                      label={t("savedReplies.delete")}
                      title={t("savedReplies.deleteTitle")}
                      description={t("savedReplies.deleteDescription", { title: reply.title })}
                      confirmLabel={t("savedReplies.deleteConfirm")}
                      fields={{ intent: "delete", id: reply.id }}
                      triggerVariant="ghost"
                      size="xs"
                      icon={<Trash2 aria-hidden className="size-3.5" />}
                      className="text-muted-foreground"
                    />
                  </div>
                  <details className="mt-3" open={answer?.intent === "update" && answer.id === reply.id}>
                    <summary className="cursor-pointer text-sm font-medium">{t("savedReplies.edit")}</summary>
                    <div className="mt-3">
                      <ReplyForm reply={reply} answer={answer} />
                    </div>
                  </details>
                </li>
              ))}
            </ul>
          )}
        </div>
        <Card className="self-start">
          <CardHeader>
            <CardTitle className="text-base">{t("savedReplies.new")}</CardTitle>
          </CardHeader>
          <CardContent>
            <ReplyForm answer={answer} />
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

export const handle = { i18n: ["messages"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
