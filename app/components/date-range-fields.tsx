import { useTranslation } from "react-i18next";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/** The From and To day fields of a list's GET filter form (the statistics' links fill them). */
export function DateRangeFields({ from, to, idPrefix = "range" }: { from?: string; to?: string; idPrefix?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${idPrefix}-from`}>{t("dateRange.from")}</Label>
        <Input id={`${idPrefix}-from`} type="date" name="from" defaultValue={from ?? ""} />
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor={`${idPrefix}-to`}>{t("dateRange.to")}</Label>
        <Input id={`${idPrefix}-to`} type="date" name="to" defaultValue={to ?? ""} />
      </div>
    </>
  );
}
