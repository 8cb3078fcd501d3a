import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useFetcher, useLoaderData } from "@remix-run/react";
import { Archive, Inbox as InboxIcon, MailOpen, Reply } from "lucide-react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button, buttonVariants } from "~/components/ui/button";
import { requireBackOffice } from "~/features/auth/guards.server";
import { InboxActionSchema } from "~/features/inbox/inbox.schema";
import { getContactMessage, markContactMessageRead, setContactMessageArchived } from "~/features/inbox/inbox.server";
import { useFormatter } from "~/lib/format";
import { loadOrNotFound, refusal } from "~/lib/http.server";
import { isLanguage } from "~/lib/i18n/config";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { redirectWithToast } from "~/lib/toast.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request, "inbox");
  // Reading changes nothing (a GET is safe): the page posts "markRead" when a new message is opened.
  const message = await loadOrNotFound(getContactMessage(params.id!));
  // The reply's subject is in the sender's language ("Re: …", "رد: …").
  const senderT = await getFixedT(isLanguage(message.locale) ? message.locale : await getLanguage(request), "inbox");
  const replySubject = senderT("replySubject", { subject: message.subject, interpolation: { escapeValue: false } });
  return json({ message, replySubject, title: message.subject });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireBackOffice(request, "inbox");
  const submission = parseWithZod(await request.formData(), { schema: InboxActionSchema });
  if (submission.status !== "success") {
    return redirectWithToast(`/dashboard/inbox/${params.id}`, { type: "error", message: "inbox:errors.badRequest" });
  }
  const { intent } = submission.value;
  try {
    if (intent === "markRead") {
      await markContactMessageRead(params.id!);
      return json({ read: true });
    }
    await setContactMessageArchived(params.id!, intent === "archive");
  } catch (error) {
    return refusal(request, error);
  }
  const archived = intent === "archive";
  return redirectWithToast(archived ? "/dashboard/inbox" : `/dashboard/inbox/${params.id}`, {
    type: "success",
    message: archived ? "inbox:archived" : "inbox:unarchived",
  });
}

/** Opening a new message marks it read, by a POST (without JavaScript, by its "Mark as read" button). */
function useMarkReadOnOpen(id: string, isNew: boolean) {
  const fetcher = useFetcher<typeof action>();
  const { submit } = fetcher;
  useEffect(() => {
    if (isNew) submit({ intent: "markRead" }, { method: "post" });
  }, [id, isNew, submit]);
  return fetcher;
}

export default function InboxMessage() {
  const { message, replySubject } = useLoaderData<typeof loader>();
  const { t } = useTranslation("inbox");
  const format = useFormatter();
  const archived = message.status === "archived";
  useMarkReadOnOpen(message.id, message.status === "new");
  return (
    <article className="max-w-3xl space-y-6">
      <PageHeader back={{ to: "/dashboard/inbox", label: t("back") }} title={message.subject} />
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("columns.from")}</dt>
        <dd>
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt className="text-muted-foreground">{t("columns.received")}</dt>
        <dd>
          <time dateTime={message.createdAt}>{format.longDateTime(message.createdAt)}</time>
        </dd>
        <dt className="text-muted-foreground">{t("columns.status")}</dt>
        <dd data-testid="message-status">{t(`statuses.${message.status}`)}</dd>
      </dl>
      <p className="whitespace-pre-wrap rounded-lg border bg-card p-4 leading-relaxed">{message.message}</p>
      <div className="flex flex-wrap gap-3">
        <a href={`mailto:${message.email}?subject=${encodeURIComponent(replySubject)}`} className={buttonVariants()}>
          <Reply aria-hidden />
          {t("reply")}
        </a>
        {message.status === "new" ? (
          <Form method="post">
            <input type="hidden" name="intent" value="markRead" />
            <Button type="submit" variant="outline">
              <MailOpen aria-hidden />
              {t("markRead")}
            </Button>
          </Form>
        ) : null}
        <Form method="post">
          <input type="hidden" name="intent" value={archived ? "unarchive" : "archive"} />
          <Button type="submit" variant="outline">
            {archived ? <InboxIcon aria-hidden /> : <Archive aria-hidden />}
            {archived ? t("unarchive") : t("archive")}
          </Button>
        </Form>
      </div>
    </article>
  );
}

export const handle = { i18n: ["inbox"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
