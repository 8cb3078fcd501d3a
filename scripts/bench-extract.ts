// npm run bench:extract — the document extractor's speed and memory on this machine (issue "Translation desk"),
// and what an OCR run costs the other requests of its server (issue "several instances for real"):
//   1. generates its inputs (in a child process, so that drawing them does not count in the peak memory): an A4 page of English text at 300 dpi (2480 × 3508 px, drawn with @napi-rs/canvas
//      in IBM Plex Sans), the same page as a scanned PDF (the image on a page, no text layer), the same
//      scan BENCH_SCAN_PAGES times (default 8) in one PDF, and a 100-page PDF with a text layer (pdf-lib,
//      Helvetica, ~45 lines a page);
//   2. runs app/features/extractor/extract.server.ts in this process, as the server does: the OCR worker's
//      start, then OCR of the image (BENCH_OCR_RUNS times, default 3), then the scanned PDF (render at 300 dpi
//      + OCR), then the 100-page text layer (BENCH_TEXT_RUNS times, default 5);
//   3. prints seconds per page (median) against the goals and the process's peak RSS (VmHWM: the OCR
//      threads are threads of this process, so their memory counts);
//   4. starts the built server (built first when missing; SQLite in a temporary DATA_DIR, the demo accounts),
//      signs in as admin@demo.test and times light requests (`/api/health` and the home page, one at a time,
//      BENCH_LIGHT_PAUSE_MS apart, default 100): BENCH_LIGHT_REQUESTS of each (default 100) with nothing else
//      running, then as many as fit while the multi-page scan is read by the document extractor (uploaded
//      as a person would); prints p50 and p95 of each and the server's peak RSS; writes
//      bench-results/extract.json.
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
import { ensureBuild, signIn, startApp } from "./bench-support.js";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const OCR_RUNS = Number(process.env.BENCH_OCR_RUNS ?? 3);
const TEXT_RUNS = Number(process.env.BENCH_TEXT_RUNS ?? 5);
const SCAN_PAGES = Number(process.env.BENCH_SCAN_PAGES ?? 8);
const LIGHT_REQUESTS = Number(process.env.BENCH_LIGHT_REQUESTS ?? 100);
const LIGHT_PAUSE_MS = Number(process.env.BENCH_LIGHT_PAUSE_MS ?? 100);
const LIGHT_URLS = ["/api/health", "/"];
const ADMIN = { email: "admin@demo.test", password: process.env.DEMO_PASSWORD ?? "Demo-Passw0rd!" };
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

/** The page as a scan: the image on each of `pages` pages, no text layer. */
async function scannedPdf(png: Buffer, pages = 1): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const image = await pdf.embedPng(png);
  for (let number = 0; number < pages; number += 1) {
    const page = pdf.addPage([595.28, 841.89]);
    page.drawImage(image, { x: 0, y: 0, width: 595.28, height: 841.89 });
  }
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

/** A process's peak resident memory so far (this one by default), in MB. */
function peakRssMb(pid: number | "self" = "self"): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
}
const median = (values: number[]) => percentile(values, 0.5);

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
  fs.writeFileSync(path.join(dir, "scan-pages.pdf"), await scannedPdf(png, SCAN_PAGES));
  fs.writeFileSync(path.join(dir, "hundred.pdf"), await textPdf(100));
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-extract-"));
  const child = spawnSync(process.execPath, [...process.execArgv, new URL(import.meta.url).pathname, "--generate", dir], { stdio: "inherit" });
  if (child.status !== 0) throw new Error("generating the inputs failed");
  const png = fs.readFileSync(path.join(dir, "a4.png"));
  const scanned = new Uint8Array(fs.readFileSync(path.join(dir, "scanned.pdf")));
  const hundred = new Uint8Array(fs.readFileSync(path.join(dir, "hundred.pdf")));
  const scanPages = new Uint8Array(fs.readFileSync(path.join(dir, "scan-pages.pdf")));
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
  const peakInProcessMb = peakRssMb();
  const light = await lightPagesDuringOcr(scanPages);

  const results = {
    date: new Date().toISOString(),
    cores: os.cpus().length,
    ocrFirstPageSeconds: round(first.seconds),
    ocrSecondsPerPage: round(median(ocr)),
    scannedPdfSecondsPerPage: round(scan.seconds),
    textLayer100PagesSeconds: round(median(text)),
    textLayerSecondsPerPage: round(median(text) / 100, 4),
    baselineRssMb,
    peakRssMb: peakInProcessMb,
    lightPages: light,
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
  for (const url of LIGHT_URLS) {
    const [idle, busy] = [light.idle[url]!, light.duringOcr[url]!];
    console.log(
      `${url.padEnd(12)} p50 / p95 / max: ${idle.p50} / ${idle.p95} / ${idle.max} ms alone (${idle.count} requests), ${busy.p50} / ${busy.p95} / ${busy.max} ms during the OCR (${busy.count} requests)`,
    );
  }
  console.log(
    `The server read the ${SCAN_PAGES}-page scan in ${light.ocrSeconds} s; its peak RSS ${light.serverPeakRssMb} MB; load average ${light.loadAverage.join(" – ")}`,
  );
  fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench-results/extract.json"), `${JSON.stringify(results, null, 2)}\n`);
}

type Timings = Record<string, { count: number; p50: number; p95: number; max: number }>;

/** One request of `url`, timed to the end of its body, in ms. */
async function timed(origin: string, url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${origin}${url}`);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

function summary(samples: Map<string, number[]>): Timings {
  return Object.fromEntries(
    [...samples].map(([url, values]) => [
      url,
      { count: values.length, p50: round(percentile(values, 0.5), 1), p95: round(percentile(values, 0.95), 1), max: round(Math.max(...values), 1) },
    ]),
  );
}

/** Light requests, one at a time, until `more()` says stop; their durations by URL. */
async function sampleLightPages(origin: string, more: (count: number) => boolean): Promise<Map<string, number[]>> {
  const samples = new Map(LIGHT_URLS.map((url) => [url, [] as number[]]));
  for (let index = 0; more(index); index += 1) {
    const url = LIGHT_URLS[index % LIGHT_URLS.length]!;
    samples.get(url)!.push(await timed(origin, url));
    await new Promise((resolve) => setTimeout(resolve, LIGHT_PAUSE_MS));
  }
  return samples;
}

/** The built server's light requests alone, then while it reads the multi-page scan. */
async function lightPagesDuringOcr(scan: Uint8Array) {
  ensureBuild(ROOT);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-extract-data-"));
  const app = await startApp({ root: ROOT, timeoutMs: 180_000, env: { DATA_DIR: dataDir, SEED_DEMO: "true", REDIS_URL: "", SMTP_URL: "", DATABASE_URL: "" } });
  const loads: number[] = [];
  try {
    const token = await signIn(app.origin, ADMIN);
    const auth = { authorization: `Bearer ${token}`, origin: app.origin };
    for (const url of LIGHT_URLS) await timed(app.origin, url);
    loads.push(os.loadavg()[0]!);
    const idle = await sampleLightPages(app.origin, (index) => index < LIGHT_REQUESTS * LIGHT_URLS.length);

    const form = new FormData();
    form.set("languages", "eng");
    form.set("file", new File([new Uint8Array(scan)], "scan.pdf", { type: "application/pdf" }));
    const started = performance.now();
    const upload = await fetch(`${app.origin}/dashboard/document-extractor`, { method: "POST", headers: auth, body: form, redirect: "manual" });
    const id = new URL(upload.headers.get("location") ?? "/", app.origin).searchParams.get("run");
    if (upload.status !== 302 || !id) throw new Error(`the upload answered ${upload.status}: ${await upload.text()}`);
    let status: { status: string; done: number; total: number; error: unknown } = { status: "queued", done: 0, total: 0, error: null };
    // A run waits ("queued", where runs are jobs of the queue) or is read ("working") until it is done or failed.
    const ongoing = () => status.status === "queued" || status.status === "working";
    const watching = (async () => {
      while (ongoing()) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        const response = await fetch(`${app.origin}/resources/document-extractor/${id}`, { headers: auth });
        status = (await response.json()) as typeof status;
      }
    })();
    const busy = await sampleLightPages(app.origin, ongoing);
    await watching;
    const ocrSeconds = round((performance.now() - started) / 1000, 1);
    loads.push(os.loadavg()[0]!);
    if (status.status !== "done" || status.done !== SCAN_PAGES) throw new Error(`the scan was not read: ${JSON.stringify(status)}`);
    return {
      scanPages: SCAN_PAGES,
      idle: summary(idle),
      duringOcr: summary(busy),
      ocrSeconds,
      serverPeakRssMb: peakRssMb(app.pid),
      loadAverage: loads.map((load) => round(load, 1)),
    };
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const run = process.argv[2] === "--generate" ? generate(process.argv[3]!) : main();
run.catch(async (error) => {
  console.error(error);
  await stopOcr();
  process.exit(1);
});
