import { GeneralErrorBoundary } from "~/components/error-boundary";
import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CalendarPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { listAppointments } from "~/features/appointments/appointments.server";
import { Pagination } from "~/components/ui/pagination";
import { StatusBadge, useDateFormat } from "~/features/appointments/ui";
import { getAvailabilitySettings } from "~/features/availability/availability.server";
import { isValidTimeZone } from "~/features/availability/slots";
import { requireFeature } from "~/features/auth/guards.server";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import { cn } from "~/lib/utils";

const QuerySchema = z.object({
  view: z.enum(["upcoming", "past"]).catch("upcoming"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireFeature(request, "appointments");
  const language = await getLanguage(request);
  const { view, page } = QuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [appointments, rules] = await Promise.all([
    listAppointments({ id: user.id, role: "client" }, { when: view, page }, language),
    getAvailabilitySettings(),
  ]);
  const t = await getFixedT(request, "appointments");
  return json({ view, appointments, officeTimeZone: rules.timeZone, userTimeZone: isValidTimeZone(user.timeZone) ? user.timeZone : null, title: t("client.list.title") });
}

export default function ClientAppointments() {
  const { view, appointments, officeTimeZone, userTimeZone } = useLoaderData<typeof loader>();
  const { t } = useTranslation("appointments");
  const format = useDateFormat();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t("client.list.title")}</h1>
        <Button asChild>
          <Link to="/client/appointments/new">
            <CalendarPlus aria-hidden />
            {t("client.list.book")}
          </Link>
        </Button>
      </div>
      <nav aria-label={t("client.list.views")} className="flex gap-2 border-b">
        {(["upcoming", "past"] as const).map((option) => (
          <Link
            key={option}
            to={`?view=${option}`}
            aria-current={view === option ? "page" : undefined}
            className={cn("-mb-px border-b-2 px-3 py-2 text-sm font-medium", view === option ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground")}
          >
            {t(`client.list.${option}`)}
          </Link>
        ))}
      </nav>
      {appointments.items.length === 0 ? (
        <p className="text-muted-foreground">{t(view === "upcoming" ? "client.list.noneUpcoming" : "client.list.nonePast")}</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {appointments.items.map((appointment) => {
            const zone = appointment.clientTimeZone ?? userTimeZone ?? officeTimeZone;
            return (
              <li key={appointment.id}>
                <Link to={`/client/appointments/${appointment.id}`} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4 hover:bg-muted">
                  <span className="flex flex-col gap-1">
                    <span className="font-medium">{appointment.serviceTitle}</span>
                    <span className="text-sm text-muted-foreground">
                      {format.longDateTime(appointment.startsAt, zone)} · {zone} · {appointment.reference}
                    </span>
                  </span>
                  <StatusBadge status={appointment.status} />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Pagination page={appointments.page} pageCount={appointments.pageCount} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title }];

export const ErrorBoundary = GeneralErrorBoundary;
