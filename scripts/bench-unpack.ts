// npm run bench:unpack — what the unpacking limits (app/lib/unpack-limits.server.ts) cost in memory and time:
//   1. makes, in this process and as a stream (the inflated bytes are never held), the DOCX whose
//      word/document.xml inflates to 1.5 GB (its headers declaring 2 KB) and a PDF whose content stream
//      inflates to 400 MB;
//   2. checks each as the desk and the extractor do, and prints how long the refusal took and the process's
//      peak RSS (VmHWM) before and after: the check adds a few megabytes, not the inflated size.
// Not part of `npm test` or CI.
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { checkPdf, checkZip, UnpackRefused } from "../app/lib/unpack-limits.server";
import { docxBomb, pdfBomb } from "../tests/support/bombs";

function peakRssMb(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
  return match ? Math.round(Number(match[1]) / 1024) : Math.round(process.resourceUsage().maxRSS / 1024);
}

async function measure(name: string, make: () => Promise<Buffer>, check: (bytes: Buffer) => Promise<void>): Promise<void> {
  const bytes = await make();
  const before = peakRssMb();
  const started = performance.now();
  let outcome = "accepted";
  try {
    await check(bytes);
  } catch (error) {
    if (!(error instanceof UnpackRefused)) throw error;
    outcome = "refused";
  }
  console.log(
    `${name}: ${(bytes.length / 1024 / 1024).toFixed(1)} MB file, ${outcome} in ${Math.round(performance.now() - started)} ms; peak RSS ${before} MB before the check, ${peakRssMb()} MB after`,
  );
}

await measure("DOCX inflating to 1.5 GB", () => docxBomb(1536), checkZip);
await measure("PDF inflating to 400 MB", () => pdfBomb(400), checkPdf);
