import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { requireUser } from "~/core/identity/guards.server";
import { listServices } from "~/features/services/index.server";
import { hasFeature } from "~/lib/features";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await getLanguage(request);
  const t = await getFixedT(language, "orders");
  return json({ services: await listServices(language), canOrder: hasFeature(user, "service_orders"), title: t("services.title") });
}

export default function ClientServices() {
  const { services, canOrder } = useLoaderData<typeof loader>();
  const { t } = useTranslation("orders");
  const format = useFormatter();
  return (
    <div className="space-y-6">
      <PageHeader title={t("services.title")} description={t("services.intro")} />
      {services.length === 0 ? <p className="text-muted-foreground">{t("services.empty")}</p> : null}
      <ul className="grid gap-4 md:grid-cols-2">
        {services.map((service) => (
          <li key={service.id}>
            <Card className="flex h-full flex-col">
              <CardHeader>
                <CardTitle>{service.title}</CardTitle>
                <CardDescription>{service.description}</CardDescription>
              </CardHeader>
              <CardContent className="flex-1 text-sm">
                {service.priceFromCents !== null ? <p>{t("services.priceFrom", { price: format.money(service.priceFromCents) })}</p> : null}
              </CardContent>
              {canOrder ? (
                <CardFooter>
                  <Link to={`/client/service-orders/new?service=${encodeURIComponent(service.key)}`} className={buttonVariants()}>
                    {t("services.order")}
                    <span className="sr-only"> {service.title}</span>
                  </Link>
                </CardFooter>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}

export const handle = { i18n: ["orders"] } satisfies RouteHandle;

export const meta = titleMeta;

export const ErrorBoundary = GeneralErrorBoundary;
