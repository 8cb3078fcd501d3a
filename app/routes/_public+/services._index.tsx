import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ArrowRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { publicMeta } from "~/shell/public/seo";
import { ServiceIcon } from "~/shell/public/service-icon";
import { priceFromAmount } from "~/components/public/service-price";
import { listServices } from "~/features/content/index.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { HydrationHandle } from "~/lib/hydration";

export async function loader({ request }: LoaderFunctionArgs) {
  const language = await getLanguage(request);
  const [t, services] = await Promise.all([getFixedT(language, "public"), listServices(language)]);
  return json({
    meta: { title: t("services.meta.title"), description: t("services.meta.description"), path: "/services" },
    services,
  });
}

export default function Services() {
  const { services } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("public");
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="text-3xl font-semibold text-primary sm:text-4xl">{t("services.title")}</h1>
      <p className="mt-4 max-w-2xl text-lg text-muted-foreground">{t("services.intro")}</p>
      <ul className="mt-10 grid gap-5 md:grid-cols-2">
        {services.map((service) => (
          <li key={service.key} className="lazy-render flex gap-4 rounded-lg border bg-card p-6">
            <ServiceIcon name={service.icon} className="size-8 shrink-0 text-accent" />
            <div className="flex flex-col">
              <h2 className="text-xl font-semibold">{service.title}</h2>
              <p className="mt-2 flex-1 text-muted-foreground">{service.description}</p>
              {service.priceFromCents !== null ? (
                <p className="mt-3 font-semibold">{t("services.priceFrom", { price: priceFromAmount(service.priceFromCents, i18n.language) })}</p>
              ) : null}
              <Link
                to={`/services/${service.key}`}
                className="mt-4 inline-flex items-center gap-1 font-semibold text-primary underline-offset-4 hover:underline"
              >
                {t("services.learnMore")}
                <span className="sr-only">: {service.title}</span>
                <ArrowRight aria-hidden className="size-4 rtl:rotate-180" />
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

// Works entirely as HTML: no JavaScript is sent for this page.
export const handle = { hydrate: false } satisfies HydrationHandle;

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => publicMeta(data?.meta, matches);

export const ErrorBoundary = GeneralErrorBoundary;
