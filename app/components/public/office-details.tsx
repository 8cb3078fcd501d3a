import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { useTranslation } from "react-i18next";
import { formatAddress, telHref, type Firm } from "~/core/office/firm";
import { formatOpeningHours } from "./hours";

/** Address, phone, e-mail and hours of the office, all read from the firm's content. */
export function OfficeDetails({ firm }: { firm: Firm }) {
  const { t, i18n } = useTranslation("public");
  return (
    <address className="flex flex-col gap-3 not-italic">
      <p className="flex gap-2">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="sr-only">{t("office.address")}: </span>
          {/* Isolated: a Latin address keeps its order (the street number first) on an Arabic page. */}
          <bdi>{formatAddress(firm.address)}</bdi>
        </span>
      </p>
      <p className="flex gap-2">
        <Phone aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span className="sr-only">{t("office.phone")}: </span>
        <a href={telHref(firm.phone)} className="underline-offset-4 hover:underline" dir="ltr">
          {firm.phone}
        </a>
      </p>
      <p className="flex gap-2">
        <Mail aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span className="sr-only">{t("office.email")}: </span>
        <a href={`mailto:${firm.email}`} className="underline-offset-4 hover:underline" dir="ltr">
          {firm.email}
        </a>
      </p>
      <div className="flex gap-2">
        <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
        <div>
          <h3 className="font-semibold">{t("office.hours")}</h3>
          <ul>
            {formatOpeningHours(firm.hours, i18n.language).map((line) => (
              <li key={line.days}>
                {line.days}: {line.times}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </address>
  );
}
