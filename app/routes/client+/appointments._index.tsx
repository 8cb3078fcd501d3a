import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CalendarPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { pageLinks } from "~/lib/pagination";
import { parseClientListQuery, StatusBadge } from "~/features/appointments";
import { listAppointments } from "~/features/appointments/index.server";
import { requireFeature } from "~/core/identity/guards.server";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";
import { cn } from "~/lib/utils";

/** The signed-in client's own appointments: upcoming (soonest first) or past (latest first), 20 a page. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const language = await getLanguage(request);
  const query = parseClientListQuery(new URL(request.url));
  const appointments = await listAppointments({ id: user.id, role: "client" }, query, language);
  const t = await getFixedT(request, "appointments");
  return json({ view: query.when, appointments, title: t("client.list.title") });
}

export default function ClientAppointments() {
  const { view, appointments } = useLoaderData<typeof loader>();
  const { t } = useTranslation("appointments");
  const format = useFormatter();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("client.list.title")}
        actions={
          <Button asChild>
            <Link to="/client/appointments/new">
              <CalendarPlus aria-hidden />
              {t("client.list.book")}
            </Link>
          </Button>
        }
      />
      <nav aria-label={t("client.list.views")} className="flex gap-2 border-b">
        {(["upcoming", "past"] as const).map((option) => (
          <Link
            key={option}
            to={`?view=${option}`}
            aria-current={view === option ? "page" : undefined}
            className={cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium",
              view === option ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
            )}
          >
            {t(`client.list.${option}`)}
          </Link>
        ))}
      </nav>
      {appointments.items.length === 0 ? (
        <p className="text-muted-foreground">{t(view === "upcoming" ? "client.list.noneUpcoming" : "client.list.nonePast")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {appointments.items.map((appointment) => (
            <li key={appointment.id}>
              <Link
                to={`/client/appointments/${appointment.id}`}
                className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4 hover:bg-muted"
              >
                <span className="flex flex-col gap-1">
                  <span className="font-medium">{appointment.serviceTitle}</span>
                  <span className="text-sm text-muted-foreground">
                    {format.longDateTime(appointment.startsAt)} · {appointment.reference}
                  </span>
                </span>
                <StatusBadge status={appointment.status} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Pagination {...pageLinks(appointments)} />
    </div>
  );
}

export const meta = titleMeta;

export const handle = { i18n: ["appointments"] } satisfies RouteHandle;

export const ErrorBoundary = GeneralErrorBoundary;
