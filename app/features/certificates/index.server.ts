// The certificates area's server API: what other areas, the shell and routes may call. Nothing else of the area is imported from outside it.
export { printableOnCertificate, renderCertificatePdf } from "./certificate-pdf.server";
export {
  findCertificate,
  getCertificateForDownload,
  issueCertificate,
  listCertificatesForFiles,
  normaliseCertificateNo,
  publicCertificate,
  verifyUrlFor,
} from "./certificates.server";
export { certificatePdfResponse, tooManyLookups } from "./http.server";
