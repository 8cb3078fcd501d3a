import { json, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { Search } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { publicMeta } from "~/shell/public/seo";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { normaliseCertificateNo } from "~/features/certificates/index.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";

/**
 * GET /verify: the number printed on a certificate, typed in (a GET form: /verify?no=…), leads to
 * /verify/{no}. A malformed number is answered here, without a look-up.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const typed = url.searchParams.get("no")?.slice(0, 40) ?? "";
  const lng = url.searchParams.get("lng");
  if (typed.trim()) {
    const no = normaliseCertificateNo(typed);
    if (no) return redirect(`/verify/${no}${lng ? `?${new URLSearchParams({ lng })}` : ""}`);
  }
  const t = await getFixedT(await getLanguage(request), "certificates");
  return json({
    meta: { title: t("verify.index.title"), description: t("verify.index.description"), path: "/verify" },
    typed,
    invalid: typed.trim() !== "",
  });
}

export default function VerifyIndexPage() {
  const { typed, invalid } = useLoaderData<typeof loader>();
  const { t } = useTranslation("certificates");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-semibold text-primary">{t("verify.index.title")}</h1>
      <p className="mt-4 text-lg text-muted-foreground">{t("verify.index.intro")}</p>
      <Form method="get" action="/verify" className="mt-8 flex max-w-md flex-col gap-2">
        <label htmlFor="certificate-no" className="font-medium">
          {t("verify.index.field")}
        </label>
        <div className="flex gap-2">
          <Input
            id="certificate-no"
            name="no"
            dir="ltr"
            required
            defaultValue={typed}
            autoComplete="off"
            spellCheck={false}
            placeholder="TC-ABCD-EFGH"
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? "certificate-no-error" : undefined}
            className="font-mono uppercase"
          />
          <Button type="submit">
            <Search aria-hidden />
            {t("verify.index.submit")}
          </Button>
        </div>
        {invalid ? (
          <p id="certificate-no-error" className="text-sm font-medium text-destructive">
            {t("verify.index.invalid")}
          </p>
        ) : null}
      </Form>
    </div>
  );
}

export const handle = { hydrate: false, i18n: ["certificates"] } satisfies RouteHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [...publicMeta(data?.meta, matches), { name: "robots", content: "noindex" }];

export const ErrorBoundary = GeneralErrorBoundary;
