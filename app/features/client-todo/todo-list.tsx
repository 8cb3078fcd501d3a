import { Link } from "@remix-run/react";
import { CircleCheck, ClipboardCheck, FileText, ListTodo, Receipt, RotateCcw, Stamp } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { useFormatter } from "~/lib/format";
import type { TodoEntry, TodoKind } from "./todo";

const ICONS: Record<TodoKind, typeof FileText> = { request: ClipboardCheck, quote: Stamp, invoice: Receipt, report: FileText };

/** The client's to-do list: what, for which order, by when, and a link to where it is done. */
export function TodoList({ entries }: { entries: TodoEntry[] }) {
  const { t } = useTranslation("todo");
  const format = useFormatter();
  return (
    <Card data-testid="todo-list">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <ListTodo className="size-5 text-primary" aria-hidden />
          {t("title")}
        </CardTitle>
        <Link to="/client/requests" className="text-sm primary-link">
          {t("allRequests")}
        </Link>
      </CardHeader>
      <CardContent>
        {entries.length === 0 ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="todo-empty">
            <CircleCheck className="size-4 text-success" aria-hidden />
            {t("empty")}
          </p>
        ) : (
          <ul className="divide-y rounded-md border">
            {entries.map((entry) => {
              const Icon = ICONS[entry.kind];
              return (
                <li key={`${entry.kind}-${entry.id}`} className="flex flex-wrap items-start justify-between gap-2 p-3" data-testid={`todo-${entry.kind}`}>
                  <div className="flex min-w-0 items-start gap-2">
                    <Icon className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <div className="min-w-0 space-y-0.5">
                      <Link to={entry.href} className="font-medium underline-offset-4 hover:underline" dir="auto">
                        {t(`what.${entry.kind}`, { title: entry.title })}
                      </Link>
                      <p className="text-sm text-muted-foreground">
                        {entry.context ? <span dir="auto">{t("inList", { title: entry.context })}</span> : null}
                        {entry.context && entry.orderReference ? " · " : null}
                        {entry.orderReference ? t("forOrder", { reference: entry.orderReference }) : null}
                        {entry.amountCents !== null ? (
                          <>
                            {entry.context || entry.orderReference ? " · " : null}
                            <span className="tabular-nums">{format.money(entry.amountCents, entry.currency ?? undefined)}</span>
                          </>
                        ) : null}
                      </p>
                      {entry.note ? (
                        <p className="text-sm" data-testid="todo-note">
                          <span className="font-medium">{t("firmNote")}</span> <span dir="auto">{entry.note}</span>
                        </p>
                      ) : null}
                    </div>
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-sm">
                    {entry.state === "returned" ? (
                      <Badge tone="warning" icon={RotateCcw}>
                        {t("returned")}
                      </Badge>
                    ) : null}
                    {entry.dueDate ? (
                      <span className={entry.overdue ? "font-medium text-destructive" : "text-muted-foreground"}>
                        {t(entry.overdue ? "overdue" : entry.kind === "quote" ? "validUntil" : "due", { date: format.day(entry.dueDate) })}
                      </span>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
