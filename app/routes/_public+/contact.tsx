import { GeneralErrorBoundary } from "~/components/error-boundary";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { CheckCircle2, Navigation, Send } from "lucide-react";
import { useTranslation } from "react-i18next";
import { FormErrors, TextareaField, TextField, useZodForm } from "~/components/forms";
import { OfficeDetails } from "~/components/public/office-details";
import { publicMeta } from "~/shell/public/seo";
import { Button, buttonVariants } from "~/components/ui/button";
import { directionsUrl } from "~/core/office/firm";
import { getFirm } from "~/core/office/firm.server";
import { ContactSchema, HONEYPOT_FIELD } from "~/features/inbox";
import { submitContactMessage } from "~/features/inbox/index.server";
import { getUser } from "~/core/identity/session-user.server";
import { clientIp } from "~/lib/http.server";
import type { HydrationHandle } from "~/lib/hydration";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import { logger } from "~/lib/logger.server";
import { consume } from "~/lib/rate-limit.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const [t, firm] = await Promise.all([getFixedT(language, "public"), getFirm()]);
  return json({
    meta: { title: t("contact.meta.title"), description: t("contact.meta.description", { name: firm.name }), path: "/contact" },
    firm,
  });
}

/**
 * The answer is the page itself with this action data: the plain POST (no JavaScript)
 * shows it, and the enhanced form takes its new form and message out of it.
 */
export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ContactSchema });

  // A filled honeypot is a bot: it is told "sent", and nothing is stored or e-mailed.
  const honeypot = formData.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    return json({ result: submission.reply({ resetForm: true }), sent: true });
  }

  if (submission.status !== "success") return json({ result: submission.reply(), sent: false }, { status: 400 });

  const ip = clientIp(request);
  const limit = await consume("contact:ip", ip);
  if (!limit.ok) {
    return json(
      { result: submission.reply({ formErrors: ["public:contact.errors.rateLimited"] }), sent: false },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  try {
    const [language, user] = await Promise.all([getLanguage(request), getUser(request)]);
    await submitContactMessage(submission.value, { language, ip, userAgent: request.headers.get("user-agent"), userId: user?.id ?? null });
  } catch (error) {
    logger.error({ err: error }, "a contact message could not be stored");
    return json({ result: submission.reply({ formErrors: ["public:contact.failure"] }), sent: false }, { status: 503 });
  }
  return json({ result: submission.reply({ resetForm: true }), sent: true });
}

/** No bundle: the form works as HTML, and the static shell's script sends it without a reload (data-enhance). */
export const handle = { hydrate: false } satisfies HydrationHandle;

export default function ContactPage() {
  const { firm } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("public");
  const [form, fields] = useZodForm(ContactSchema, { id: "contact", lastResult: answer?.result });
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-semibold text-primary sm:text-4xl">{t("contact.title")}</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{t("contact.intro")}</p>
      <div className="mt-10 grid gap-10 lg:grid-cols-5">
        <section aria-labelledby="contact-form-title" className="lg:col-span-3">
          <h2 id="contact-form-title" className="text-xl font-semibold">
            {t("contact.formTitle")}
          </h2>
          <Form method="post" {...getFormProps(form)} noValidate data-enhance data-failure={t("contact.failure")} className="mt-5 flex flex-col gap-4">
            {answer?.sent ? (
              <p
                role="status"
                data-outcome="success"
                className="flex items-center gap-2 rounded-md border border-success/40 bg-success/10 p-3 text-sm font-medium text-success"
              >
                <CheckCircle2 aria-hidden className="size-4" />
                {t("contact.success")}
              </p>
            ) : null}
            {form.errors?.length ? (
              <div data-outcome="error">
                <FormErrors id={form.errorId} errors={form.errors} />
              </div>
            ) : null}
            <TextField field={fields.name} label={t("contact.fields.name")} inputProps={{ autoComplete: "name", "aria-required": true }} />
            <TextField field={fields.email} type="email" label={t("contact.fields.email")} inputProps={{ autoComplete: "email", "aria-required": true }} />
            <TextField field={fields.subject} label={t("contact.fields.subject")} inputProps={{ "aria-required": true }} />
            <TextareaField field={fields.message} label={t("contact.fields.message")} textareaProps={{ rows: 6, "aria-required": true }} />
            {/* Honeypot: off screen and out of the tab order; people leave it empty. */}
            <div className="absolute -start-[10000px] h-px w-px overflow-hidden">
              <label htmlFor="contact-website">{t("contact.fields.honeypot")}</label>
              <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
            </div>
            <div>
              <Button type="submit" size="lg">
                <Send aria-hidden className="rtl:-scale-x-100" />
                <span data-busy-label={t("contact.sending")}>{t("contact.submit")}</span>
              </Button>
            </div>
          </Form>
        </section>
        <section aria-labelledby="contact-office-title" className="self-start rounded-lg border bg-card p-6 lg:col-span-2">
          <h2 id="contact-office-title" className="text-xl font-semibold">
            {t("contact.officeTitle")}
          </h2>
          <p className="mb-4 mt-1 font-semibold text-primary">{firm.name}</p>
          <OfficeDetails firm={firm} />
          <a href={directionsUrl(firm.address)} target="_blank" rel="noopener noreferrer" className={buttonVariants({ variant: "accent", className: "mt-6" })}>
            <Navigation aria-hidden />
            {t("contact.directions")}
            <span className="sr-only"> ({t("footer.newTab")})</span>
          </a>
        </section>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => publicMeta(data?.meta, matches);

export const ErrorBoundary = GeneralErrorBoundary;
