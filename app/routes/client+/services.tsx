import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { formatMoney } from "~/features/service-orders/format";
import { listServices } from "~/features/services/services.server";
import { requireUser } from "~/features/auth/guards.server";
import { hasFeature } from "~/lib/features";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const language = await getLanguage(request);
  const t = await getFixedT(language, "orders");
  return json({ services: await listServices(language), canOrder: hasFeature(user, "service_orders"), pageTitle: t("services.title") });
}

export default function ClientServices() {
  const { services, canOrder } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("orders");
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold">{t("services.title")}</h1>
        <p className="text-muted-foreground">{t("services.intro")}</p>
      </div>
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
                {service.priceFromCents !== null ? <p>{t("services.priceFrom", { price: formatMoney(service.priceFromCents, i18n.language) })}</p> : null}
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

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.pageTitle ?? "" }];

export const ErrorBoundary = GeneralErrorBoundary;
