import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/core/identity/guards.server";
import { getOfficeTimeZone } from "~/core/office/time-zone.server";
import { renderCertificatePdf, getCertificateForDownload, verifyUrlFor, certificatePdfResponse } from "~/features/certificates/index.server";
import { getFirm } from "~/core/office/firm.server";
import { audit } from "~/lib/audit.server";
import { clientIp, invariantResponse, loadOrNotFound } from "~/lib/http.server";

/**
 * GET /resources/certificates/{no}.pdf: the certificate of translation accuracy. A client gets
 * their own, staff with the translations feature any; anyone else the same 404 as for a number
 * that does not exist. Every download is written to the audit trail.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const file = params.file ?? "";
  invariantResponse(file.endsWith(".pdf"), "Not Found");
  const certificate = await loadOrNotFound(getCertificateForDownload(user, file.slice(0, -".pdf".length)));
  const [firm, timeZone] = await Promise.all([getFirm(), getOfficeTimeZone()]);
  const pdf = await renderCertificatePdf(certificate, { verifyUrl: verifyUrlFor(certificate.certificateNo), firmName: firm.name, timeZone });
  await audit({
    actorId: user.id,
    action: "certificate.downloaded",
    targetType: "translation_certificate",
    targetId: certificate.id,
    ip: clientIp(request),
    meta: { certificateNo: certificate.certificateNo, translationFileId: certificate.translationFileId },
  });
  return certificatePdfResponse(pdf, certificate.certificateNo);
}
