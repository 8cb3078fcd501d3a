import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ListFilters } from "~/components/list-filters";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FilterSelect } from "~/components/filter-select";
import { PageHeader } from "~/components/page-header";
import { Button } from "~/components/ui/button";
import { DataTable } from "~/components/ui/data-table";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination } from "~/components/ui/pagination";
import { pageLinks } from "~/lib/pagination";
import { parseAppointmentListQuery, APPOINTMENT_STATUSES, StatusBadge } from "~/features/appointments";
import { listAppointments } from "~/features/appointments/index.server";
import { viewerTimeZone } from "~/core/office/time-zone.server";
import { requireAdmin } from "~/core/identity/guards.server";
import { useFormatter } from "~/lib/format";
import { getFixedT, getLanguage } from "~/lib/i18n/i18n.server";
import type { RouteHandle } from "~/lib/i18n/namespaces";
import { titleMeta } from "~/lib/meta";

/** Every appointment, filtered by status and dates (the viewer's days), paginated on the server. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireAdmin(request);
  const language = await getLanguage(request);
  const query = parseAppointmentListQuery(new URL(request.url));
  const appointments = await listAppointments(user, { ...query, when: undefined, timeZone: await viewerTimeZone(user) }, language);
  const t = await getFixedT(request, "appointments");
  return json({
    appointments,
    filters: { status: query.status ?? "", from: query.from ?? "", to: query.to ?? "" },
    title: t("admin.list.title"),
  });
}

export default function DashboardAppointments() {
  const { appointments, filters } = useLoaderData<typeof loader>();
  const { t } = useTranslation("appointments");
  const format = useFormatter();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title={t("admin.list.title")}
        actions={
          <Link to="/dashboard/calendar" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t("admin.list.calendar")}
          </Link>
        }
      />
      <ListFilters
        label={t("admin.list.filters")}
        active={[filters.status, filters.from, filters.to].filter(Boolean).length}
        className="flex flex-wrap items-end gap-3"
      >
        <FilterSelect
          id="filter-status"
          name="status"
          label={t("fields.status")}
          defaultValue={filters.status}
          any={t("admin.list.anyStatus")}
          options={APPOINTMENT_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        />
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="filter-from">{t("admin.list.from")}</Label>
          <Input id="filter-from" type="date" name="from" defaultValue={filters.from} />
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="filter-to">{t("admin.list.to")}</Label>
          <Input id="filter-to" type="date" name="to" defaultValue={filters.to} />
        </div>
        <Button type="submit">{t("admin.list.apply")}</Button>
        <Link to="/dashboard/appointments" className="self-center text-sm text-muted-foreground underline-offset-4 hover:underline">
          {t("admin.list.clear")}
        </Link>
      </ListFilters>
      <p className="text-sm text-muted-foreground">{t("admin.list.summary", { count: appointments.total, zone: format.timeZone })}</p>
      <DataTable
        caption={t("admin.list.title")}
        rows={appointments.items}
        rowKey={(appointment) => appointment.id}
        empty={t("admin.list.empty")}
        columns={[
          {
            header: t("fields.when"),
            className: "whitespace-nowrap",
            cell: (appointment) => (
              <Link to={`/dashboard/appointments/${appointment.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                {format.dateTime(appointment.startsAt)}
              </Link>
            ),
          },
          { header: t("fields.client"), cell: (appointment) => appointment.clientName },
          { header: t("fields.service"), cell: (appointment) => appointment.serviceTitle },
          { header: t("fields.status"), cell: (appointment) => <StatusBadge status={appointment.status} /> },
          { header: t("fields.reference"), className: "font-mono text-xs", cell: (appointment) => appointment.reference },
        ]}
      />
      <Pagination {...pageLinks(appointments)} />
    </div>
  );
}

export const meta = titleMeta;

export const handle = { i18n: ["appointments"] } satisfies RouteHandle;

export const ErrorBoundary = GeneralErrorBoundary;
