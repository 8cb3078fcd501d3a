// The certificates area's client-safe API (schemas, constants, components): what other areas, the shell and routes may use.
export { CertificateLink } from "./certificate-link";
export { certificatePdfPath } from "./certificates";
export { CertificateNotFound, CertificateRecord, FileCheck, LookupsLimited, VerifyAnother } from "./verify-parts";
