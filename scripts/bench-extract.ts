// npm run bench:extract — the document extractor's speed and memory on this machine (issue "Translation desk"):
//   1. generates its inputs (in a child process, so that drawing them does not count in the peak memory): an A4 page of English text at 300 dpi (2480 × 3508 px, drawn with @napi-rs/canvas
//      in IBM Plex Sans), the same page as a scanned PDF (the image on a page, no text layer), and a 100-page
//      PDF with a text layer (pdf-lib, Helvetica, ~45 lines a page);
//   2. runs app/features/extractor/extract.server.ts in this process, as the server does: the OCR worker's
//      start, then OCR of the image (BENCH_OCR_RUNS times, default 3), then the scanned PDF (render at 300 dpi
//      + OCR), then the 100-page text layer (BENCH_TEXT_RUNS times, default 5);
//   3. prints seconds per page (median) against the goals and the process's peak RSS (VmHWM: the OCR worker
//      is a thread of this process, so its memory counts), and writes bench-results/extract.json.
// Not part of `npm test` or CI.
import { createCanvas, GlobalFonts } from "@napi-rs/canvas";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { extractText } from "../app/features/extractor/extract.server";
import { stopOcr } from "../app/features/extractor/ocr.server";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const OCR_RUNS = Number(process.env.BENCH_OCR_RUNS ?? 3);
const TEXT_RUNS = Number(process.env.BENCH_TEXT_RUNS ?? 5);
const GOALS = { ocrSecondsPerPage: 8, textLayer100PagesSeconds: 2, peakRssMb: 600 };

const PARAGRAPH =
  "This agreement is made between the client and the firm for the preparation of the annual tax return. The client provides every statement of income, the receipts of deductible expenses and the identity documents the firm asks for. The firm files the return electronically and keeps a copy for five years.";

function lines(width: number, measure: (text: string) => number): string[] {
  const words = `${PARAGRAPH} ${PARAGRAPH} ${PARAGRAPH} ${PARAGRAPH} ${PARAGRAPH} ${PARAGRAPH} ${PARAGRAPH}`.split(" ");
  const out: string[] = [];
  let line = "";
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next) > width && line) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line) out.push(line);
  return out;
}

/** An A4 page at 300 dpi: 12 pt text (50 px), 1-inch margins, 40 lines. */
function a4Page(): Buffer {
  const font = path.join(ROOT, "node_modules/@fontsource/ibm-plex-sans/files/ibm-plex-sans-latin-400-normal.woff2");
  GlobalFonts.registerFromPath(font, "Bench Plex");
  const canvas = createCanvas(2480, 3508);
  const context = canvas.getContext("2d");
  context.fillStyle = "#fff";
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = "#000";
  context.font = "50px 'Bench Plex'";
  lines(2480 - 600, (text) => context.measureText(text).width)
    .slice(0, 40)
    .forEach((line, index) => context.fillText(line, 300, 400 + index * 75));
  return canvas.toBuffer("image/png");
}

async function scannedPdf(png: Buffer): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  const page = pdf.addPage([595.28, 841.89]);
  page.drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  return pdf.save();
}

async function textPdf(pages: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const pageLines = lines(595 - 144, (text) => font.widthOfTextAtSize(text, 11));
  for (let number = 1; number <= pages; number += 1) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawText(`Page ${number}`, { x: 72, y: 790, size: 14, font });
    pageLines.slice(0, 45).forEach((line, index) => page.drawText(line, { x: 72, y: 760 - index * 15, size: 11, font }));
  }
  return pdf.save();
}

function peakRssMb(): number {
  const status = fs.readFileSync("/proc/self/status", "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function time<T>(work: () => Promise<T>): Promise<{ seconds: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { seconds: (performance.now() - started) / 1000, value };
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

/** Child mode: writes the three inputs into `dir`. */
async function generate(dir: string) {
  const png = a4Page();
  fs.writeFileSync(path.join(dir, "a4.png"), png);
  fs.writeFileSync(path.join(dir, "scanned.pdf"), await scannedPdf(png));
  fs.writeFileSync(path.join(dir, "hundred.pdf"), await textPdf(100));
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-extract-"));
  const child = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname, "--generate", dir], { stdio: "inherit" });
  if (child.status !== 0) throw new Error("generating the inputs failed");
  const png = fs.readFileSync(path.join(dir, "a4.png"));
  const scanned = new Uint8Array(fs.readFileSync(path.join(dir, "scanned.pdf")));
  const hundred = new Uint8Array(fs.readFileSync(path.join(dir, "hundred.pdf")));
  fs.rmSync(dir, { recursive: true, force: true });
  console.log(
    `inputs: A4 300 dpi PNG ${(png.length / 1024).toFixed(0)} KB, scanned PDF ${(scanned.length / 1024).toFixed(0)} KB, 100-page PDF ${(hundred.length / 1024).toFixed(0)} KB`,
  );
  console.log(`machine: ${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(2)}`);
  const baselineRssMb = peakRssMb();
  console.log(`peak RSS before any extraction: ${baselineRssMb} MB`);

  const first = await time(() => extractText(png, { languages: ["eng"] }));
  const words = first.value.text.split(/\s+/).length;
  console.log(`OCR first page (worker start included): ${first.seconds.toFixed(2)} s, ${words} words; peak RSS so far ${peakRssMb()} MB`);
  const ocr: number[] = [];
  for (let run = 0; run < OCR_RUNS; run += 1) ocr.push((await time(() => extractText(png, { languages: ["eng"] }))).seconds);
  console.log(`after ${OCR_RUNS} more OCR runs: peak RSS ${peakRssMb()} MB`);
  const scan = await time(() => extractText(scanned, { languages: ["eng"] }));
  console.log(`after the scanned PDF: peak RSS ${peakRssMb()} MB`);
  if (scan.value.ocrPages !== 1) throw new Error("the scanned PDF was not read by OCR");
  const text: number[] = [];
  for (let run = 0; run < TEXT_RUNS; run += 1) {
    const result = await time(() => extractText(hundred));
    if (result.value.pages !== 100 || result.value.ocrPages !== 0) throw new Error("the 100-page PDF was not read from its text layer");
    text.push(result.seconds);
  }
  await stopOcr();

  const results = {
    date: new Date().toISOString(),
    cores: os.cpus().length,
    ocrFirstPageSeconds: round(first.seconds),
    ocrSecondsPerPage: round(median(ocr)),
    scannedPdfSecondsPerPage: round(scan.seconds),
    textLayer100PagesSeconds: round(median(text)),
    textLayerSecondsPerPage: round(median(text) / 100, 4),
    baselineRssMb,
    peakRssMb: peakRssMb(),
    loadAverage: os.loadavg()[0],
    goals: GOALS,
  };
  const verdict = (ok: boolean) => (ok ? "ok" : "OVER GOAL");
  console.log(
    `OCR, A4 page at 300 dpi (image):          ${results.ocrSecondsPerPage} s/page (median of ${OCR_RUNS}; goal < ${GOALS.ocrSecondsPerPage}) ${verdict(results.ocrSecondsPerPage < GOALS.ocrSecondsPerPage)}`,
  );
  console.log(`OCR, scanned PDF page (render + OCR):      ${results.scannedPdfSecondsPerPage} s/page`);
  console.log(
    `Text layer, 100-page PDF:                  ${results.textLayer100PagesSeconds} s (${results.textLayerSecondsPerPage} s/page; median of ${TEXT_RUNS}; goal < ${GOALS.textLayer100PagesSeconds} s) ${verdict(results.textLayer100PagesSeconds < GOALS.textLayer100PagesSeconds)}`,
  );
  console.log(`Peak RSS of the process (worker included): ${results.peakRssMb} MB (goal < ${GOALS.peakRssMb}) ${verdict(results.peakRssMb < GOALS.peakRssMb)}`);
  fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench-results/extract.json"), `${JSON.stringify(results, null, 2)}\n`);
}

const run = process.argv[2] === "--generate" ? generate(process.argv[3]!) : main();
run.catch(async (error) => {
  console.error(error);
  await stopOcr();
  process.exit(1);
});
