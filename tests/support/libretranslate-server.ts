import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small LibreTranslate on 127.0.0.1 for tests (no real one runs offline here): the real HTTP API, a
 * deterministic "translation", and every request recorded, so that a test can check what
 * left the app (a masked value must never be in `requests`).
 *
 * - POST /translate `{ q, source, target, format, api_key }` → `{ translatedText }` (plus
 *   `detectedLanguage` for source "auto"): `«target» ` + the text in capitals; into Arabic
 *   the digits become Arabic-Indic (placeholders too, as an engine may write them) and into
 *   French placeholders get spaces inside (`[[ 1 ]]`). Placeholders are otherwise kept.
 * - POST /detect → `[{ language, confidence }]`: Arabic script → ar, French words → fr, else en.
 * - GET /languages → en, ar, fr, each into the two others.
 * - `mode`: "ok", or answer every call with 403 (a wrong key), 429, 500, 400 "not supported",
 *   "hang" (never answer), "reset" (close the connection without an answer) or "notLibreTranslate"
 *   (another web server's 404 page). With `apiKey` set, any other key is answered 403.
 */
export type FakeMode = "ok" | "forbidden" | "rateLimited" | "error" | "unsupported" | "hang" | "reset" | "notLibreTranslate";

export type RecordedRequest = { method: string; path: string; host: string; body: string; json: Record<string, unknown> | null };

export type FakeLibreTranslate = {
  url: string;
  requests: RecordedRequest[];
  setMode(mode: FakeMode): void;
  /** Everything the app sent, as one string (for "never contains" checks). */
  sentText(): string;
  close(): Promise<void>;
};

const ARABIC_DIGITS = "٠١٢٣٤٥٦٧٨٩";

export function fakeTranslation(q: string, target: string): string {
  let text = q.toUpperCase();
  if (target === "ar") text = text.replace(/[0-9]/g, (digit) => ARABIC_DIGITS[Number(digit)]!);
  if (target === "fr") text = text.replace(/\[\[(\d+)\]\]/g, "[[ $1 ]]");
  return `«${target}» ${text}`;
}

export function fakeDetection(q: string): string {
  if (/[\u0600-\u06FF]/.test(q)) return "ar";
  if (/[éèêàçù]|\b(le|la|les|est|une|des|bonjour)\b/i.test(q)) return "fr";
  return "en";
}

export async function startLibreTranslate(options: { apiKey?: string } = {}): Promise<FakeLibreTranslate> {
  let mode: FakeMode = "ok";
  const requests: RecordedRequest[] = [];
  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let parsed: Record<string, unknown> | null = null;
      try {
        parsed = body ? (JSON.parse(body) as Record<string, unknown>) : null;
      } catch {
        parsed = null;
      }
      const path = new URL(req.url ?? "/", "http://127.0.0.1").pathname;
      requests.push({ method: req.method ?? "GET", path, host: req.headers.host ?? "", body, json: parsed });

      if (mode === "hang") return; // never answers
      if (mode === "reset") return req.socket.destroy();
      if (mode === "notLibreTranslate") {
        res.writeHead(404, { "Content-Type": "text/html" });
        return res.end("<h1>Not Found</h1>");
      }
      if (mode === "forbidden") return send(res, 403, { error: "Invalid API key" });
      if (mode === "rateLimited") return send(res, 429, { error: "Too many request limits violations" }, { "Retry-After": "17" });
      if (mode === "error") return send(res, 500, { error: "Cannot translate text: internal error" });
      if (options.apiKey && req.method === "POST" && parsed?.api_key !== options.apiKey) return send(res, 403, { error: "Invalid API key" });

      if (req.method === "GET" && path === "/languages") {
        return send(res, 200, [
          { code: "en", name: "English", targets: ["ar", "fr"] },
          { code: "ar", name: "Arabic", targets: ["en", "fr"] },
          { code: "fr", name: "French", targets: ["ar", "en"] },
        ]);
      }
      if (req.method === "POST" && path === "/detect") {
        if (typeof parsed?.q !== "string") return send(res, 400, { error: "Invalid request: missing q parameter" });
        return send(res, 200, [{ language: fakeDetection(parsed.q), confidence: 90 }]);
      }
      if (req.method === "POST" && path === "/translate") {
        const { q, source, target } = (parsed ?? {}) as { q?: unknown; source?: unknown; target?: unknown };
        if (typeof q !== "string" || typeof source !== "string" || typeof target !== "string") {
          return send(res, 400, { error: "Invalid request: missing q parameter" });
        }
        if (mode === "unsupported") return send(res, 400, { error: `${target} is not supported` });
        const detected = source === "auto" ? fakeDetection(q) : null;
        return send(res, 200, {
          translatedText: fakeTranslation(q, target),
          ...(detected ? { detectedLanguage: { language: detected, confidence: 90 } } : {}),
        });
      }
      send(res, 404, { error: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setMode(next) {
      mode = next;
    },
    sentText: () => requests.map((request) => request.body).join("\n"),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
