import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Archive, ArrowLeft, Inbox as InboxIcon, Reply } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button, buttonVariants } from "~/components/ui/button";
import { openContactMessage, setContactMessageArchived } from "~/features/inbox/inbox.server";
import { requireBackOffice } from "~/features/auth/guards.server";
import { invariantResponse } from "~/lib/http.server";
import { intlLocale } from "~/lib/i18n/config";
import { redirectWithToast } from "~/lib/toast.server";

const ArchiveSchema = z.object({ intent: z.enum(["archive", "unarchive"]) });

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireBackOffice(request, "inbox");
  const message = await openContactMessage(params.id ?? "");
  invariantResponse(message, "Message not found");
  return json({ message });
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireBackOffice(request, "inbox");
  const parsed = ArchiveSchema.safeParse(Object.fromEntries(await request.formData()));
  invariantResponse(parsed.success, "Bad request", { status: 400 });
  const archived = parsed.data.intent === "archive";
  const found = await setContactMessageArchived(params.id ?? "", archived);
  invariantResponse(found, "Message not found");
  return redirectWithToast(archived ? "/dashboard/inbox" : `/dashboard/inbox/${params.id}`, {
    type: "success",
    message: archived ? "public:inbox.archived" : "public:inbox.unarchived",
  });
}

export default function InboxMessage() {
  const { message } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("public");
  const received = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: "full", timeStyle: "short" }).format(new Date(message.createdAt));
  const archived = message.status === "archived";
  return (
    <article className="flex max-w-3xl flex-col gap-4 p-4">
      <Link to="/dashboard/inbox" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
        {t("inbox.back")}
      </Link>
      <h1 className="text-2xl font-semibold">{message.subject}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("inbox.columns.from")}</dt>
        <dd>
          {message.name} &lt;{message.email}&gt;
        </dd>
        <dt className="text-muted-foreground">{t("inbox.columns.received")}</dt>
        <dd>{received}</dd>
        <dt className="text-muted-foreground">{t("inbox.columns.status")}</dt>
        <dd>{t(`inbox.statuses.${message.status}`)}</dd>
      </dl>
      <p className="whitespace-pre-wrap rounded-lg border bg-card p-4 leading-relaxed">{message.message}</p>
      <div className="flex flex-wrap gap-3">
        <a href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`} className={buttonVariants()}>
          <Reply aria-hidden />
          {t("inbox.reply")}
        </a>
        <Form method="post">
          <input type="hidden" name="intent" value={archived ? "unarchive" : "archive"} />
          <Button type="submit" variant="outline">
            {archived ? <InboxIcon aria-hidden /> : <Archive aria-hidden />}
            {archived ? t("inbox.unarchive") : t("inbox.archive")}
          </Button>
        </Form>
      </div>
    </article>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.message.subject ?? "" }];
