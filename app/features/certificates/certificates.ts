/**
 * What the browser and the server share about certificates (no server code here).
 * Numbers are "TC-" and eight characters of the unambiguous alphabet of lib/ids.server
 * (no 0/O, no 1/I): 32^8 ≈ 1.1 × 10^12 possibilities (docs/decisions/013).
 */
export const CERTIFICATE_NO_PATTERN = /^TC-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/;

/** The download of a certificate's PDF (app/routes/resources+/certificates.$file.ts). */
export function certificatePdfPath(certificateNo: string): string {
  return `/resources/certificates/${certificateNo}.pdf`;
}

/** The public verification page of a certificate. */
export function certificateVerifyPath(certificateNo: string): string {
  return `/verify/${certificateNo}`;
}
