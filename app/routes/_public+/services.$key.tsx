import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { ArrowLeft, CalendarPlus, ShoppingBag } from "lucide-react";
import { useTranslation } from "react-i18next";
import { appointmentHref } from "~/components/public/navbar";
import { publicMeta, PUBLIC_LAYOUT_ID } from "~/shell/public/seo";
import { ServiceIcon } from "~/shell/public/service-icon";
import { priceFromAmount } from "~/components/public/service-price";
import { buttonVariants } from "~/components/ui/button";
import { getServiceByKey } from "~/features/content/index.server";
import { invariantResponse } from "~/lib/http.server";
import { getLanguage } from "~/lib/i18n/i18n.server";
import type { loader as layoutLoader } from "./_layout";
import type { HydrationHandle } from "~/lib/hydration";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const service = await getServiceByKey(params.key ?? "", language);
  invariantResponse(service, "Service not found");
  return json({
    meta: { title: service.title, description: service.description, path: `/services/${service.key}` },
    service,
  });
}

export default function ServiceDetailPage() {
  const { service } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof layoutLoader>(PUBLIC_LAYOUT_ID);
  const { t, i18n } = useTranslation("public");
  const query = `?${new URLSearchParams({ service: service.key })}`;
  const orderPath = `/client/service-orders/new${query}`;
  const signedIn = Boolean(layout?.account);
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/services" className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
        {t("services.all")}
      </Link>
      <div className="mt-6 flex items-center gap-3">
        <ServiceIcon name={service.icon} className="size-9 text-accent" />
        <h1 className="text-3xl font-semibold text-primary sm:text-4xl">{service.title}</h1>
      </div>
      <p className="mt-4 text-lg text-muted-foreground">{service.description}</p>
      <ul aria-label={t("services.facts")} className="mt-4 flex flex-wrap gap-x-6 gap-y-1 text-sm font-semibold">
        {service.priceFromCents !== null ? <li>{t("services.priceFrom", { price: priceFromAmount(service.priceFromCents, i18n.language) })}</li> : null}
        <li>{t("services.duration", { minutes: service.durationMinutes })}</li>
      </ul>
      <div className="mt-8 flex flex-col gap-4 leading-relaxed">
        {service.fullDescription
          .split(/\n{2,}/)
          .filter(Boolean)
          .map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
      </div>
      <div className="mt-10 flex flex-wrap gap-3 border-t pt-8">
        <Link to={signedIn ? orderPath : `/login?${new URLSearchParams({ redirectTo: orderPath })}`} className={buttonVariants({ size: "lg" })}>
          <ShoppingBag aria-hidden />
          {t("services.order")}
        </Link>
        <Link to={appointmentHref(signedIn, query)} className={buttonVariants({ size: "lg", variant: "outline" })}>
          <CalendarPlus aria-hidden />
          {t("services.book")}
        </Link>
      </div>
    </article>
  );
}

// Works entirely as HTML: no JavaScript is sent for this page.
export const handle = { hydrate: false } satisfies HydrationHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => publicMeta(data?.meta, matches);

export const ErrorBoundary = GeneralErrorBoundary;
