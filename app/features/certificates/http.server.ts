/** HTTP answers of the certificates area (rule modules build none). */

/** A certificate's PDF as a download: private, never cached, never sniffed or run as a page. */
export function certificatePdfResponse(pdf: Uint8Array, certificateNo: string): Response {
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Length": String(pdf.byteLength),
      "Content-Disposition": `attachment; filename="certificate-${certificateNo}.pdf"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}

/** The verification page's refusal of too many look-ups from one address. */
export function tooManyLookups(retryAfterSeconds: number): Response {
  return new Response("Too Many Requests", {
    status: 429,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" },
  });
}
