// npm run bench:scale — the back-office at a firm's real volume (100,000 orders, a million notifications), measured the same way on both dialects:
//   1. two fresh SQLite databases (temporary DATA_DIRs), or two fresh PostgreSQL schemas (dropped afterwards);
//   2. the built server (built first when missing), with the Node options of `npm start` and SEED_DEMO=true, started
//      once on each and stopped: the app's own migrations and demo seed;
//   3. the volume loaded straight into the second (2,000 clients, 100,000 service orders and their status history,
//      20,000 appointments, 20,000 reports, 1,000,000 notifications, 5,000 contact messages, 30,000 invoices with
//      their lines and payments, 5,000 request lists of ten items (50,000 request items; the demo client has 40 open
//      lists), 200,000 messages in 20,000 threads (a general thread per client and the rest on orders, a tenth of the
//      messages internal notes, read marks for the clients and the admin); dates over three years, en/ar/fr clients,
//      staff assignees), PostgreSQL vacuumed
//      and analysed as its autovacuum would;
//   4. a server started on each, both signed in as admin@demo.test (POST /api/auth/login, then the bearer token),
//      and every back-office list, board, calendar, search and list API timed on both side by side: 3 unrecorded
//      rounds, then 150 rounds that request each URL of one server and then of the other (`measurePair`); each
//      URL's p50 and p95 on each, with each page's HTML size, and each server's peak memory (VmHWM).
// Prints a summary, writes bench-results/scale.json, and at full scale with both dialects the table between
// the README's `<!-- bench:scale -->` markers. Not part of `npm test` or CI (it is heavy).
// Environment: BENCH_SCALE (volume factor, default 1; 0.05 for a quick run), BENCH_DIALECTS (default
// "sqlite,postgres"), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// BENCH_REQUESTS (timed rounds, that is requests per URL, default 150), BENCH_README (1 writes the README at any scale, 0 never),
// BENCH_KEEP (1 keeps the loaded databases, the SQLite directory and the PostgreSQL schema, and prints where they are:
// to look into a slow query with EXPLAIN or to start the server on them).
import Database from "better-sqlite3";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { ensureBuild, signIn, startApp } from "./bench-support.js";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const DIALECTS = (process.env.BENCH_DIALECTS ?? "sqlite,postgres")
  .split(",")
  .map((d) => d.trim())
  .filter(Boolean) as Dialect[];
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 150);
const KEEP = process.env.BENCH_KEEP === "1";
const WARMUP = 3;
const collectGarbage = (globalThis as { gc?: () => void }).gc;
const ADMIN = { email: "admin@demo.test", password: process.env.DEMO_PASSWORD ?? "Demo-Passw0rd!" };
const GOALS = { pageRatio: 1.5, apiMs: 30, pageKb: 150, memoryMb: 400 };
const SEARCH_NAME = "khalil"; // a demo client's name (Omar Khalil), and a family name of the generated clients
const VOLUME = {
  clients: Math.max(20, Math.round(2_000 * SCALE)),
  staff: 10,
  orders: Math.max(100, Math.round(100_000 * SCALE)),
  appointments: Math.max(20, Math.round(20_000 * SCALE)),
  reports: Math.max(20, Math.round(20_000 * SCALE)),
  notifications: Math.max(200, Math.round(1_000_000 * SCALE)),
  contactMessages: Math.max(20, Math.round(5_000 * SCALE)),
  /** Invoices of priced orders (one line each; the paid ones with their payment). */
  invoices: Math.max(20, Math.round(30_000 * SCALE)),
  /** Request items, ten per request list, on the clients' orders; the demo client (client@demo.test) gets many open ones. */
  requestItems: Math.max(200, Math.round(50_000 * SCALE)),
  /** Message threads (each client's general one first, the rest on orders) and the messages in them. */
  messageThreads: Math.max(20, Math.round(20_000 * SCALE)),
  messages: Math.max(200, Math.round(200_000 * SCALE)),
};
/** The demo client's open request lists at volume (ten items each): far more than their to-do list shows. */
const DEMO_CLIENT_OPEN_LISTS = 40;
const CLIENT = { email: "client@demo.test", password: ADMIN.password };

type Dialect = "sqlite" | "postgres";
type Kind = "page" | "api";
/** `asClient`: requested as client@demo.test (the client area), else as admin@demo.test. */
type Target = { label: string; path: string; kind: Kind; asClient?: boolean };
type Measure = { label: string; path: string; kind: Kind; status: number; p50Ms: number; p95Ms: number; htmlBytes: number | null; error?: string };
/** loadAverage: the machine's 1-minute load average before and after the timings (others share its cores). */
type Run = {
  phase: "demo" | "volume";
  measures: Measure[];
  peakRssMb: number;
  counts: Record<string, number>;
  orderReference: string;
  loadAverage: [number, number];
};

if (!Number.isFinite(SCALE) || SCALE <= 0) throw new Error("BENCH_SCALE must be a positive number");
for (const dialect of DIALECTS) if (dialect !== "sqlite" && dialect !== "postgres") throw new Error(`unknown dialect in BENCH_DIALECTS: ${dialect}`);

function targets(orderReference: string): Target[] {
  const page = (p: string, label = `\`${p}\``): Target => ({ label, path: p, kind: "page" });
  const api = (p: string): Target => ({ label: `\`${p}\``, path: p, kind: "api" });
  return [
    page("/dashboard"),
    page("/dashboard/service-orders"),
    page("/dashboard/service-orders?page=2000", "`…/service-orders?page=2000`"),
    page(`/dashboard/service-orders?q=${SEARCH_NAME}`, `\`…/service-orders?q=${SEARCH_NAME}\` (name)`),
    page(`/dashboard/service-orders?q=${encodeURIComponent(orderReference)}`, "`…/service-orders?q=SO-…` (reference)"),
    page("/dashboard/service-tracker"),
    page("/dashboard/calendar"),
    page("/dashboard/calendar?view=week", "`…/calendar?view=week`"),
    page("/dashboard/appointments"),
    page("/dashboard/reports"),
    page("/dashboard/inbox"),
    page("/dashboard/notifications"),
    page("/dashboard/clients"),
    page("/dashboard/invoices"),
    page("/dashboard/invoices?status=open", "`…/invoices?status=open`"),
    page("/dashboard/requests"),
    page("/dashboard/requests?view=overdue", "`…/requests?view=overdue`"),
    page("/dashboard/requests?view=review", "`…/requests?view=review`"),
    page("/dashboard/messages"),
    page("/dashboard/messages?view=unread", "`…/messages?view=unread`"),
    api("/api/service-orders?page=2000"),
    api("/api/service-orders?perPage=20"),
    api("/api/notifications?page=1&limit=20"),
    api("/api/appointments"),
    api("/api/reports"),
    api("/api/invoices"),
    api("/api/request-lists"),
    api("/api/message-threads"),
    { label: "`/client` (to-do list, as a client)", path: "/client", kind: "page", asClient: true },
    { label: "`/api/client/todo` (as a client)", path: "/api/client/todo", kind: "api", asClient: true },
    { label: "`/client/messages` (as a client)", path: "/client/messages", kind: "page", asClient: true },
  ];
}

// ---------------------------------------------------------------------------
// Generated data: a seeded generator, so that two runs load the same firm.

let seed = 0x5eed19;
function random(): number {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;
function weighted<T extends string>(weights: Record<T, number>): T {
  const entries = Object.entries(weights) as Array<[T, number]>;
  let roll = random() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of entries) if ((roll -= w) < 0) return value;
  return entries[entries.length - 1]![0];
}

const DAY = 86_400_000;
const NOW = Date.now();
const START = NOW - 3 * 365 * DAY;
/** A time in the three years, denser lately (a growing firm). */
const growingTime = (from = START, to = NOW) => from + (to - from) * Math.sqrt(random());
const iso = (ms: number) => new Date(ms).toISOString();

const REFERENCE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789".split("");
const usedReferences = new Set<string>();
function reference(prefix: string): string {
  for (;;) {
    let body = "";
    for (let i = 0; i < 8; i++) body += pick(REFERENCE_ALPHABET);
    const value = `${prefix}-${body.slice(0, 4)}-${body.slice(4)}`;
    if (!usedReferences.has(value)) {
      usedReferences.add(value);
      return value;
    }
  }
}

const NAMES = {
  en: {
    first: ["James", "Emily", "Michael", "Sarah", "David", "Jessica", "Robert", "Ashley", "John", "Megan"],
    last: ["Smith", "Johnson", "Williams", "Brown", "Jones", "Miller", "Davis", "Wilson", "Anderson", "Taylor"],
  },
  fr: {
    first: ["Camille", "Louis", "Chloé", "Hugo", "Léa", "Lucas", "Manon", "Jules", "Inès", "Théo"],
    last: ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau"],
  },
  ar: {
    first: ["Omar", "Layla", "Youssef", "Fatima", "Ahmad", "Mariam", "Khaled", "Nour", "Hassan", "Rania"],
    last: ["Khalil", "Haddad", "Nasser", "Saleh", "Mansour", "Aziz", "Karam", "Sabbagh", "Darwish", "Farah"],
  },
};
const ARABIC_SCRIPT = {
  first: ["عمر", "ليلى", "يوسف", "فاطمة", "أحمد", "مريم", "خالد", "نور", "حسن", "رانيا"],
  last: ["خليل", "حداد", "ناصر", "صالح", "منصور", "عزيز", "كرم", "صباغ", "درويش", "فرح"],
};
const ZONES = {
  en: ["America/Detroit", "America/New_York", "America/Chicago"],
  fr: ["Europe/Paris", "America/Montreal"],
  ar: ["Asia/Beirut", "America/Detroit", "Asia/Dubai"],
};
const DETAILS = {
  en: [
    "Federal and state returns, married filing jointly; W-2s from two employers.",
    "Certified translation of a birth certificate for a USCIS filing.",
    "Monthly bookkeeping for a small bakery: bank and card statements attached.",
    "Notarisation of a power of attorney (two signers).",
  ],
  fr: [
    "Traduction certifiée d'un diplôme et d'un relevé de notes.",
    "Déclaration d'impôts fédérale et de l'État, revenus de location.",
    "Tenue de livres mensuelle pour un restaurant.",
    "Légalisation d'une procuration.",
  ],
  ar: [
    "ترجمة معتمدة لشهادة ميلاد لتقديمها إلى دائرة الهجرة.",
    "إقرار ضريبي فيدرالي وولائي لعائلة من أربعة أفراد.",
    "مسك دفاتر شهري لمتجر صغير.",
    "تصديق توكيل رسمي.",
  ],
};
const REPORT_TITLES = {
  en: ["Translation delivered", "Monthly bookkeeping summary", "Your tax return is filed", "Documents we still need"],
  fr: ["Traduction livrée", "Bilan comptable du mois", "Votre déclaration est déposée", "Documents manquants"],
  ar: ["تم تسليم الترجمة", "ملخص الحسابات الشهري", "تم تقديم إقرارك الضريبي", "مستندات ما زلنا نحتاجها"],
};
const SUBJECTS = [
  "Apostille for a diploma",
  "Question about my tax return",
  "Rendez-vous pour une traduction",
  "استفسار عن خدمة الترجمة",
  "Bookkeeping quote",
  "Business registration",
];

type Lang = keyof typeof NAMES;
type Client = { id: string; lang: Lang; name: string };
type Order = { id: string; reference: string; client: Client; serviceId: string; status: string; createdAt: number; updatedAt: number };
type Service = { id: string; key: string; durationMinutes: number };
type Accounts = { adminId: string; ownerId: string; clientId: string; passwordHash: string; services: Service[] };

const ascii = (value: string) =>
  value
    .normalize("NFD")
    .replace(/[^\x20-\x7e]/g, "")
    .toLowerCase();

function statusFor(ageDays: number): string {
  if (ageDays < 14) return weighted({ pending: 35, in_review: 25, in_progress: 25, waiting_for_client: 10, completed: 3, cancelled: 2 });
  if (ageDays < 60) return weighted({ pending: 5, in_review: 10, in_progress: 25, waiting_for_client: 15, completed: 40, cancelled: 5 });
  if (ageDays < 180) return weighted({ in_progress: 4, waiting_for_client: 4, completed: 82, cancelled: 10 });
  return weighted({ waiting_for_client: 1, completed: 90, cancelled: 9 });
}

function pathTo(status: string): string[] {
  switch (status) {
    case "pending":
      return ["pending"];
    case "in_review":
      return ["pending", "in_review"];
    case "in_progress":
      return ["pending", "in_review", "in_progress"];
    case "waiting_for_client":
      return ["pending", "in_review", "in_progress", "waiting_for_client"];
    case "cancelled":
      return ["pending", "cancelled"];
    default:
      return pick([
        ["pending", "completed"],
        ["pending", "in_progress", "completed"],
        ["pending", "in_progress", "completed"],
        ["pending", "in_review", "in_progress", "completed"],
      ]);
  }
}

// ---------------------------------------------------------------------------
// Writers: batched multi-row inserts, in one transaction per table.

type ColumnType = "text" | "timestamptz" | "boolean" | "jsonb" | "integer";
type Table = { name: string; columns: Array<[string, ColumnType]> };
type Row = unknown[];

interface Sink {
  dialect: Dialect;
  insert(table: Table, rows: Row[]): Promise<void>;
  begin(): Promise<void>;
  commit(): Promise<void>;
  query<T>(sqlText: string, params?: unknown[]): Promise<T[]>;
  finish(): Promise<void>;
  close(): Promise<void>;
}

function sqliteSink(file: string): Sink {
  const database = new Database(file);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = OFF");
  database.pragma("foreign_keys = OFF"); // the generator writes consistent rows; checking each one is only slower
  database.pragma("cache_size = -524288"); // 512 MB while loading: the random ids' index pages stay in memory
  const statements = new Map<string, Database.Statement>();
  const statement = (table: Table, count: number) => {
    const key = `${table.name}:${count}`;
    let prepared = statements.get(key);
    if (!prepared) {
      const row = `(${table.columns.map(() => "?").join(",")})`;
      prepared = database.prepare(`insert into ${table.name} (${table.columns.map(([c]) => c).join(",")}) values ${Array(count).fill(row).join(",")}`);
      statements.set(key, prepared);
    }
    return prepared;
  };
  const value = (v: unknown) => (typeof v === "boolean" ? (v ? 1 : 0) : v);
  return {
    dialect: "sqlite",
    async insert(table, rows) {
      const perStatement = Math.max(1, Math.floor(30_000 / table.columns.length / 100) * 100);
      for (let i = 0; i < rows.length; i += perStatement) {
        const chunk = rows.slice(i, i + perStatement);
        statement(table, chunk.length).run(chunk.flat().map(value));
      }
    },
    async begin() {
      database.exec("begin");
    },
    async commit() {
      database.exec("commit");
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      const statement = database.prepare(sqlText);
      if (!statement.reader) {
        statement.run(...params);
        return [];
      }
      return statement.all(...params) as T[];
    },
    async finish() {
      // No ANALYZE: SQLite keeps no statistics unless the app asks for them, so the app is measured as it runs.
      database.pragma("wal_checkpoint(TRUNCATE)");
    },
    async close() {
      database.close();
    },
  };
}

async function postgresSink(url: string): Promise<Sink> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    dialect: "postgres",
    async insert(table, rows) {
      // One statement per 5,000 rows: each column is one array parameter, unnested into rows.
      const list = table.columns.map(([c]) => c).join(",");
      const arrays = table.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(",");
      for (let i = 0; i < rows.length; i += 5_000) {
        const chunk = rows.slice(i, i + 5_000);
        const params = table.columns.map((_, column) => chunk.map((row) => row[column] ?? null));
        await client.query(`insert into ${table.name} (${list}) select * from unnest(${arrays})`, params);
      }
    },
    async begin() {
      await client.query("begin");
    },
    async commit() {
      await client.query("commit");
    },
    async query<T>(sqlText: string, params: unknown[] = []) {
      let n = 0;
      return (
        await client.query(
          sqlText.replace(/\?/g, () => `$${++n}`),
          params,
        )
      ).rows as T[];
    },
    async finish() {
      // What autovacuum does after a bulk insert (PostgreSQL 13+: autovacuum_vacuum_insert_threshold):
      // statistics, and the visibility map that lets capped counts read the index alone.
      await client.query("vacuum analyze");
    },
    async close() {
      await client.end();
    },
  };
}

const T = {
  messageThreads: {
    name: "message_threads",
    columns: [
      ["id", "text"],
      ["client_id", "text"],
      ["order_id", "text"],
      ["state", "text"],
      ["assignee_id", "text"],
      ["last_message_at", "timestamptz"],
      ["last_public_message_at", "timestamptz"],
      ["last_public_sender", "text"],
      ["created_at", "timestamptz"],
      ["updated_at", "timestamptz"],
    ],
  },
  messages: {
    name: "messages",
    columns: [
      ["id", "text"],
      ["thread_id", "text"],
      ["author_id", "text"],
      ["body", "text"],
      ["internal", "boolean"],
      ["created_at", "timestamptz"],
    ],
  },
  messageReads: {
    name: "message_reads",
    columns: [
      ["thread_id", "text"],
      ["user_id", "text"],
      ["last_read_at", "timestamptz"],
    ],
  },
  requestLists: {
    name: "request_lists",
    columns: [
      ["id", "text"],
      ["client_id", "text"],
      ["service_order_id", "text"],
      ["title", "text"],
      ["message", "text"],
      ["due_date", "text"],
      ["status", "text"],
      ["reminders_enabled", "boolean"],
      ["reminder_offsets", "jsonb"],
      ["created_by", "text"],
      ["created_at", "timestamptz"],
      ["updated_at", "timestamptz"],
      ["submitted_at", "timestamptz"],
      ["completed_at", "timestamptz"],
    ],
  },
  requestItems: {
    name: "request_items",
    columns: [
      ["id", "text"],
      ["list_id", "text"],
      ["position", "integer"],
      ["kind", "text"],
      ["answer_type", "text"],
      ["label", "text"],
      ["required", "boolean"],
      ["state", "text"],
      ["answer", "text"],
      ["updated_at", "timestamptz"],
    ],
  },
  users: {
    name: "users",
    columns: [
      ["id", "text"],
      ["email", "text"],
      ["password_hash", "text"],
      ["role", "text"],
      ["full_name", "text"],
      ["phone", "text"],
      ["locale", "text"],
      ["time_zone", "text"],
      ["email_verified_at", "timestamptz"],
      ["last_login_at", "timestamptz"],
      ["created_at", "timestamptz"],
      ["updated_at", "timestamptz"],
    ],
  },
  orders: {
    name: "service_orders",
    columns: [
      ["id", "text"],
      ["reference", "text"],
      ["client_id", "text"],
      ["service_id", "text"],
      ["status", "text"],
      ["details", "text"],
      ["assignee_id", "text"],
      ["price_cents", "integer"],
      ["due_date", "text"],
      ["created_at", "timestamptz"],
      ["updated_at", "timestamptz"],
    ],
  },
  history: {
    name: "service_order_status_history",
    columns: [
      ["id", "text"],
      ["order_id", "text"],
      ["from_status", "text"],
      ["to_status", "text"],
      ["changed_by", "text"],
      ["note", "text"],
      ["created_at", "timestamptz"],
    ],
  },
  appointments: {
    name: "appointments",
    columns: [
      ["id", "text"],
      ["reference", "text"],
      ["client_id", "text"],
      ["service_id", "text"],
      ["order_id", "text"],
      ["starts_at", "timestamptz"],
      ["ends_at", "timestamptz"],
      ["status", "text"],
      ["notes", "text"],
      ["client_time_zone", "text"],
      ["created_at", "timestamptz"],
      ["updated_at", "timestamptz"],
    ],
  },
  reports: {
    name: "reports",
    columns: [
      ["id", "text"],
      ["client_id", "text"],
      ["order_id", "text"],
      ["title", "text"],
      ["body_markdown", "text"],
      ["created_by", "text"],
      ["read_at", "timestamptz"],
      ["feedback_rating", "integer"],
      ["created_at", "timestamptz"],
      ["updated_at", "timestamptz"],
    ],
  },
  notifications: {
    name: "notifications",
    columns: [
      ["id", "text"],
      ["user_id", "text"],
      ["type", "text"],
      ["title_key", "text"],
      ["body_key", "text"],
      ["params", "jsonb"],
      ["link", "text"],
      ["read", "boolean"],
      ["read_at", "timestamptz"],
      ["created_at", "timestamptz"],
    ],
  },
  invoices: {
    name: "invoices",
    columns: [
      ["id", "text"],
      ["number", "text"],
      ["year", "integer"],
      ["sequence", "integer"],
      ["order_id", "text"],
      ["client_id", "text"],
      ["bill_to_name", "text"],
      ["bill_to_email", "text"],
      ["status", "text"],
      ["subtotal_cents", "integer"],
      ["total_cents", "integer"],
      ["due_date", "text"],
      ["issued_at", "timestamptz"],
      ["paid_at", "timestamptz"],
      ["voided_at", "timestamptz"],
      ["created_by", "text"],
      ["created_at", "timestamptz"],
      ["updated_at", "timestamptz"],
    ],
  },
  billingLines: {
    name: "billing_lines",
    columns: [
      ["id", "text"],
      ["invoice_id", "text"],
      ["position", "integer"],
      ["kind", "text"],
      ["description", "text"],
      ["quantity", "integer"],
      ["unit_cents", "integer"],
      ["amount_cents", "integer"],
    ],
  },
  invoiceCounters: {
    name: "invoice_counters",
    columns: [
      ["year", "integer"],
      ["last_number", "integer"],
    ],
  },
  payments: {
    name: "payments",
    columns: [
      ["id", "text"],
      ["invoice_id", "text"],
      ["client_id", "text"],
      ["kind", "text"],
      ["amount_cents", "integer"],
      ["method", "text"],
      ["provider", "text"],
      ["reference", "text"],
      ["recorded_by", "text"],
      ["received_at", "timestamptz"],
      ["created_at", "timestamptz"],
    ],
  },
  contact: {
    name: "contact_messages",
    columns: [
      ["id", "text"],
      ["name", "text"],
      ["email", "text"],
      ["subject", "text"],
      ["message", "text"],
      ["locale", "text"],
      ["status", "text"],
      ["read_at", "timestamptz"],
      ["created_at", "timestamptz"],
    ],
  },
} satisfies Record<string, Table>;

async function readAccounts(sink: Sink): Promise<Accounts> {
  const users = await sink.query<{ id: string; email: string; password_hash: string }>("select id, email, password_hash from users where email in (?, ?, ?)", [
    "admin@demo.test",
    "owner@demo.test",
    CLIENT.email,
  ]);
  const admin = users.find((u) => u.email === "admin@demo.test");
  const owner = users.find((u) => u.email === "owner@demo.test");
  const demoClient = users.find((u) => u.email === CLIENT.email);
  if (!admin || !owner || !demoClient) throw new Error("the demo accounts are missing: did the server seed them (SEED_DEMO)?");
  const services = (await sink.query<{ id: string; key: string; duration_minutes: number }>("select id, key, duration_minutes from services")).map((s) => ({
    id: s.id,
    key: s.key,
    durationMinutes: s.duration_minutes,
  }));
  if (services.length === 0) throw new Error("no services: did the server seed the public content?");
  return { adminId: admin.id, ownerId: owner.id, clientId: demoClient.id, passwordHash: admin.password_hash, services };
}

async function writeTable(sink: Sink, table: Table, generate: (flush: (rows: Row[]) => Promise<void>) => Promise<void>): Promise<number> {
  let total = 0;
  await sink.begin();
  await generate(async (rows) => {
    total += rows.length;
    await sink.insert(table, rows);
  });
  await sink.commit();
  return total;
}

/** Loads the volume; returns the row counts and an order reference to search for. */
async function loadVolume(sink: Sink): Promise<{ counts: Record<string, number>; orderReference: string }> {
  seed = 0x5eed19;
  usedReferences.clear();
  const accounts = await readAccounts(sink);
  const counts: Record<string, number> = {};
  const started = performance.now();
  const step = (name: string, rows: number) => {
    counts[name] = rows;
    console.log(`    ${name.padEnd(28)} ${String(rows).padStart(9)} rows  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  };

  // Staff and clients.
  const staffIds = [accounts.adminId, accounts.ownerId];
  const clients: Client[] = [];
  step(
    "users",
    await writeTable(sink, T.users, async (flush) => {
      const rows: Row[] = [];
      for (let i = 0; i < VOLUME.staff; i++) {
        const id = randomUUID();
        staffIds.push(id);
        const lang = pick(["en", "fr", "ar"] as const);
        const first = pick(NAMES[lang].first);
        const last = pick(NAMES[lang].last);
        const created = iso(growingTime());
        rows.push([
          id,
          `${ascii(first)}.${ascii(last)}.staff${i}@firm.example`,
          accounts.passwordHash,
          "staff",
          `${first} ${last}`,
          null,
          lang,
          pick(ZONES[lang]),
          created,
          iso(NOW - int(0, 30) * DAY),
          created,
          created,
        ]);
      }
      for (let i = 0; i < VOLUME.clients; i++) {
        const id = randomUUID();
        const lang = weighted({ en: 40, fr: 25, ar: 35 });
        const n = int(0, 9);
        const first = NAMES[lang].first[n]!;
        const lastIndex = int(0, 9);
        const last = NAMES[lang].last[lastIndex]!;
        const arabicScript = lang === "ar" && chance(0.5);
        const name = arabicScript ? `${ARABIC_SCRIPT.first[n]} ${ARABIC_SCRIPT.last[lastIndex]}` : `${first} ${last}`;
        clients.push({ id, lang, name });
        const created = iso(growingTime());
        rows.push([
          id,
          `${ascii(first)}.${ascii(last)}.${i}@example.com`,
          accounts.passwordHash,
          "client",
          name,
          chance(0.6) ? `+1 313 555 ${String(int(0, 9999)).padStart(4, "0")}` : null,
          lang,
          pick(ZONES[lang]),
          chance(0.9) ? created : null,
          chance(0.7) ? iso(growingTime(Date.parse(created))) : null,
          created,
          created,
        ]);
      }
      await flush(rows);
    }),
  );

  // Service orders (in creation order, as a firm writes them) and their history.
  const orders: Order[] = [];
  const history: Row[] = [];
  step(
    "service_orders",
    await writeTable(sink, T.orders, async (flush) => {
      const times = Array.from({ length: VOLUME.orders }, () => growingTime()).sort((a, b) => a - b);
      let rows: Row[] = [];
      for (const createdAt of times) {
        const client = pick(clients);
        const service = pick(accounts.services);
        const status = statusFor((NOW - createdAt) / DAY);
        const steps = pathTo(status);
        const closed = status === "completed" || status === "cancelled";
        const end = closed ? Math.min(NOW, createdAt + int(1, 30) * DAY + int(0, DAY)) : createdAt + (NOW - createdAt) * random();
        const assignee = chance(0.85) ? pick(staffIds) : null;
        const order: Order = { id: randomUUID(), reference: reference("SO"), client, serviceId: service.id, status, createdAt, updatedAt: end };
        orders.push(order);
        steps.forEach((to, i) => {
          const at = i === 0 ? createdAt : createdAt + ((end - createdAt) * i) / (steps.length - 1);
          const by = i === 0 || (to === "cancelled" && chance(0.5)) ? client.id : (assignee ?? pick(staffIds));
          history.push([
            randomUUID(),
            order.id,
            i === 0 ? null : steps[i - 1],
            to,
            by,
            to === "waiting_for_client" && chance(0.5) ? "Waiting for the signed form." : null,
            iso(at),
          ]);
        });
        const due = chance(0.5) ? iso(createdAt + int(7, 60) * DAY).slice(0, 10) : null;
        rows.push([
          order.id,
          order.reference,
          client.id,
          service.id,
          status,
          pick(DETAILS[client.lang]),
          assignee,
          chance(0.7) ? int(50, 1500) * 100 : null,
          due,
          iso(createdAt),
          iso(end),
        ]);
        if (rows.length === 10_000) await flush(rows.splice(0));
      }
      await flush(rows);
      rows = [];
    }),
  );
  step(
    "service_order_status_history",
    await writeTable(sink, T.history, async (flush) => {
      for (let i = 0; i < history.length; i += 20_000) await flush(history.slice(i, i + 20_000));
    }),
  );
  history.length = 0;

  const appointmentReferences: string[] = [];
  step(
    "appointments",
    await writeTable(sink, T.appointments, async (flush) => {
      const rows: Row[] = [];
      for (let i = 0; i < VOLUME.appointments; i++) {
        // Weekdays, 9:00 to 16:30 in Detroit (UTC-5 or -4: 14:00–21:30 UTC is close enough), three years back and two months ahead.
        let day = Math.floor(growingTime(START, NOW + 60 * DAY) / DAY) * DAY;
        while ([0, 6].includes(new Date(day).getUTCDay())) day += DAY;
        const startsAt = day + (14 * 60 + int(0, 15) * 30) * 60_000;
        const service = pick(accounts.services);
        const client = pick(clients);
        const past = startsAt < NOW;
        const status = past ? weighted({ completed: 75, cancelled: 12, no_show: 5, confirmed: 8 }) : weighted({ requested: 40, confirmed: 55, cancelled: 5 });
        const created = startsAt - int(1, 20) * DAY;
        appointmentReferences.push(reference("AP"));
        rows.push([
          randomUUID(),
          appointmentReferences[i],
          client.id,
          service.id,
          null,
          iso(startsAt),
          iso(startsAt + service.durationMinutes * 60_000),
          status,
          chance(0.3) ? "Bring photo ID." : null,
          pick(ZONES[client.lang]),
          iso(created),
          iso(Math.min(NOW, past ? startsAt : created)),
        ]);
        if (rows.length === 10_000) await flush(rows.splice(0));
      }
      await flush(rows);
    }),
  );

  const started_ = orders.filter((o) => o.status !== "pending");
  step(
    "reports",
    await writeTable(sink, T.reports, async (flush) => {
      const rows: Row[] = [];
      for (let i = 0; i < VOLUME.reports; i++) {
        const order = pick(started_);
        const created = Math.min(NOW, order.updatedAt + int(0, 3) * DAY);
        const read = NOW - created > 7 * DAY ? chance(0.8) : chance(0.3);
        const title = pick(REPORT_TITLES[order.client.lang]);
        rows.push([
          randomUUID(),
          order.client.id,
          order.id,
          title,
          `## ${title}\n\n${pick(DETAILS[order.client.lang])}\n\n- ${order.reference}\n- ${iso(created).slice(0, 10)}`,
          pick(staffIds),
          read ? iso(Math.min(NOW, created + int(1, 72) * 3_600_000)) : null,
          read && chance(0.3) ? int(3, 5) : null,
          iso(created),
          iso(created),
        ]);
        if (rows.length === 10_000) await flush(rows.splice(0));
      }
      await flush(rows);
    }),
  );

  // Notifications: what the app sends. Staff hear of new orders (the admin and the owner of each, a staff
  // member of their assigned ones); clients of their orders' status, reports and appointments.
  step(
    "notifications",
    await writeTable(sink, T.notifications, async (flush) => {
      // Order by order, in their creation order, so that rows arrive about in time order as they would.
      const rows: Row[] = [];
      for (let i = 0; i < VOLUME.notifications; i++) {
        const order = orders[Math.floor((i * orders.length) / VOLUME.notifications)]!;
        const audience = weighted({ admin: 12, owner: 8, staff: 20, client: 60 });
        const createdAt = audience === "client" ? order.createdAt + (order.updatedAt - order.createdAt) * random() : order.createdAt;
        const read = NOW - createdAt > 30 * DAY ? chance(0.95) : chance(0.4);
        const readAt = read ? iso(Math.min(NOW, createdAt + int(1, 48) * 3_600_000)) : null;
        let row: Row;
        if (audience !== "client") {
          const userId = audience === "admin" ? accounts.adminId : audience === "owner" ? accounts.ownerId : pick(staffIds.slice(2));
          row = [
            randomUUID(),
            userId,
            "order.created",
            "orders:notifications.created.title",
            "orders:notifications.created.body",
            JSON.stringify({ reference: order.reference, client: order.client.name }),
            `/dashboard/service-orders/${order.id}`,
            read,
            readAt,
            iso(createdAt),
          ];
        } else {
          const kind = weighted({ status: 70, report: 15, appointment: 15 });
          if (kind === "status") {
            row = [
              randomUUID(),
              order.client.id,
              "order.status",
              "orders:notifications.statusChanged.title",
              "orders:notifications.statusChanged.body",
              JSON.stringify({ reference: order.reference, from: "pending", status: order.status }),
              `/client/service-orders/${order.id}`,
              read,
              readAt,
              iso(createdAt),
            ];
          } else if (kind === "report") {
            row = [
              randomUUID(),
              order.client.id,
              "report.created",
              "reports:notifications.created.title",
              "reports:notifications.created.body",
              JSON.stringify({ title: pick(REPORT_TITLES[order.client.lang]) }),
              `/client/reports`,
              read,
              readAt,
              iso(createdAt),
            ];
          } else {
            const appointmentKind = pick(["confirmed", "requested", "completed"]);
            row = [
              randomUUID(),
              order.client.id,
              `appointment.${appointmentKind}`,
              `appointments:notifications.${appointmentKind}.title`,
              `appointments:notifications.${appointmentKind}.body`,
              JSON.stringify({ reference: pick(appointmentReferences), service: "", when: iso(createdAt), startsAt: iso(createdAt) }),
              `/client/appointments`,
              read,
              readAt,
              iso(createdAt),
            ];
          }
        }
        rows.push(row);
        if (rows.length === 20_000) await flush(rows.splice(0));
      }
      await flush(rows);
    }),
  );

  step(
    "contact_messages",
    await writeTable(sink, T.contact, async (flush) => {
      const rows: Row[] = [];
      for (let i = 0; i < VOLUME.contactMessages; i++) {
        const lang = weighted({ en: 50, fr: 25, ar: 25 } as Record<Lang, number>);
        const first = pick(NAMES[lang].first);
        const last = pick(NAMES[lang].last);
        const created = growingTime();
        const status = NOW - created > 14 * DAY ? weighted({ read: 40, archived: 58, new: 2 }) : weighted({ new: 60, read: 40 });
        rows.push([
          randomUUID(),
          `${first} ${last}`,
          `${ascii(first)}.${ascii(last)}@mail.example`,
          pick(SUBJECTS),
          `Hello,\n\n${pick(DETAILS[lang])}\n\nThank you,\n${first}`,
          lang,
          status,
          status === "new" ? null : iso(Math.min(NOW, created + DAY)),
          iso(created),
        ]);
      }
      await flush(rows);
    }),
  );

  // Invoices: issued for priced orders in their creation order, numbered per year without gaps as the app
  // numbers them (year-0001…); most older ones paid (one payment each), some open, a few void.
  const priced = orders.filter((_, i) => i % Math.max(1, Math.floor(orders.length / VOLUME.invoices)) === 0).slice(0, VOLUME.invoices);
  const lines: Row[] = [];
  const payments: Row[] = [];
  // The demo seed numbered its own invoices already: the volume's follow them.
  const sequences = new Map<number, number>(
    (await sink.query<{ year: number | string; last_number: number | string }>("select year, last_number from invoice_counters")).map((row) => [
      Number(row.year),
      Number(row.last_number),
    ]),
  );
  step(
    "invoices",
    await writeTable(sink, T.invoices, async (flush) => {
      const rows: Row[] = [];
      for (const order of priced) {
        const issuedAt = Math.min(NOW, order.createdAt + int(0, 5) * DAY);
        const year = new Date(issuedAt).getUTCFullYear();
        const sequence = (sequences.get(year) ?? 0) + 1;
        sequences.set(year, sequence);
        const total = int(50, 1500) * 100;
        const status = NOW - issuedAt > 45 * DAY ? weighted({ paid: 90, void: 4, open: 6 }) : weighted({ paid: 40, open: 60 });
        const paidAt = status === "paid" ? Math.min(NOW, issuedAt + int(0, 30) * DAY) : null;
        const id = randomUUID();
        rows.push([
          id,
          `${year}-${String(sequence).padStart(4, "0")}`,
          year,
          sequence,
          order.id,
          order.client.id,
          order.client.name,
          `${ascii(order.client.name) || "client"}@example.com`,
          status,
          total,
          total,
          iso(issuedAt + 30 * DAY).slice(0, 10),
          iso(issuedAt),
          paidAt === null ? null : iso(paidAt),
          status === "void" ? iso(issuedAt + DAY) : null,
          pick(staffIds),
          iso(issuedAt),
          iso(paidAt ?? issuedAt),
        ]);
        lines.push([randomUUID(), id, 0, "item", pick(accounts.services).key, 1, total, total]);
        if (paidAt !== null)
          payments.push([
            randomUUID(),
            id,
            order.client.id,
            "payment",
            total,
            pick(["cash", "check", "zelle", "card_terminal", "stripe"]),
            "manual",
            `R-${sequence}`,
            pick(staffIds),
            iso(paidAt),
            iso(paidAt),
          ]);
        if (rows.length === 10_000) await flush(rows.splice(0));
      }
      await flush(rows);
    }),
  );
  // The counters the app numbers from, so that an invoice issued after the load takes the next number.
  await sink.query("delete from invoice_counters");
  await writeTable(sink, T.invoiceCounters, async (flush) => flush([...sequences].map(([year, last]) => [year, last])));
  step(
    "billing_lines",
    await writeTable(sink, T.billingLines, async (flush) => {
      for (let i = 0; i < lines.length; i += 20_000) await flush(lines.slice(i, i + 20_000));
    }),
  );
  step(
    "payments",
    await writeTable(sink, T.payments, async (flush) => {
      for (let i = 0; i < payments.length; i += 20_000) await flush(payments.slice(i, i + 20_000));
    }),
  );

  // Request lists of ten items on the clients' orders: older ones complete, recent ones open or submitted;
  // the demo client gets DEMO_CLIENT_OPEN_LISTS open ones, so their to-do list reads from far more than it shows.
  const listCount = Math.max(20, Math.floor(VOLUME.requestItems / 10));
  const requestItems: Row[] = [];
  const ITEM_KINDS = [
    ["document", null, "W-2 from every employer"],
    ["document", null, "1099 forms"],
    ["document", null, "Passport, photo page"],
    ["question", "short_text", "Full name as in the passport"],
    ["question", "yes_no", "Did you move this year?"],
    ["question", "date", "Date of arrival"],
    ["question", "number", "How many dependants?"],
    ["question", "long_text", "Anything else we should know?"],
    ["confirmation", null, "I have no foreign accounts"],
    ["document", null, "Last year's return"],
  ] as const;
  const offsets = JSON.stringify({ before: [-3, 0], overdueEvery: 7, max: 5 });
  step(
    "request_lists",
    await writeTable(sink, T.requestLists, async (flush) => {
      const rows: Row[] = [];
      for (let i = 0; i < listCount; i++) {
        const demo = i < DEMO_CLIENT_OPEN_LISTS;
        const order = orders[Math.floor((i * orders.length) / listCount)]!;
        const clientId = demo ? accounts.clientId : order.client.id;
        const createdAt = demo ? NOW - int(1, 20) * DAY : Math.min(NOW, order.createdAt + int(0, 3) * DAY);
        const recent = NOW - createdAt < 60 * DAY;
        const status = demo ? "open" : recent ? weighted({ open: 60, submitted: 25, complete: 15 }) : weighted({ complete: 92, cancelled: 8 });
        const id = randomUUID();
        rows.push([
          id,
          clientId,
          demo ? null : order.id,
          demo ? `Documents ${i + 1}` : `Tax return documents ${order.reference}`,
          "",
          iso(createdAt + int(-5, 30) * DAY).slice(0, 10),
          status,
          true,
          offsets,
          pick(staffIds),
          iso(createdAt),
          iso(createdAt),
          status === "submitted" || status === "complete" ? iso(createdAt + DAY) : null,
          status === "complete" ? iso(createdAt + 2 * DAY) : null,
        ]);
        ITEM_KINDS.forEach(([kind, answerType, label], position) => {
          const state =
            status === "complete"
              ? "accepted"
              : status === "cancelled" || demo
                ? weighted({ todo: 70, returned: 10, uploaded: 20 })
                : status === "submitted"
                  ? weighted({ uploaded: 50, answered: 40, not_applicable: 10 })
                  : weighted({ todo: 50, returned: 5, uploaded: 25, answered: 20 });
          requestItems.push([
            randomUUID(),
            id,
            position + 1,
            kind,
            answerType,
            label,
            position !== 7,
            state,
            state === "answered" ? "yes" : null,
            iso(createdAt),
          ]);
        });
        if (rows.length === 10_000) await flush(rows.splice(0));
      }
      await flush(rows);
    }),
  );
  step(
    "request_items",
    await writeTable(sink, T.requestItems, async (flush) => {
      for (let i = 0; i < requestItems.length; i += 20_000) await flush(requestItems.slice(i, i + 20_000));
    }),
  );

  // Message threads: every client's general thread first (as many as there are clients, at most a quarter of the
  // threads), the rest on distinct orders; the demo client has a general thread. Each thread's messages alternate
  // between the client and the firm from its start, a tenth of them internal notes; the thread's activity columns,
  // state and read marks (its client's, and the admin's for most) follow from its messages as the app keeps them.
  const threadTargets: Array<{ clientId: string; orderId: string | null; start: number }> = [
    { clientId: accounts.clientId, orderId: null, start: NOW - 200 * DAY },
  ];
  const generalCount = Math.min(clients.length, Math.floor(VOLUME.messageThreads / 4));
  for (let i = 0; i < generalCount; i++) threadTargets.push({ clientId: clients[i]!.id, orderId: null, start: growingTime() });
  const orderThreads = Math.min(orders.length, VOLUME.messageThreads - threadTargets.length);
  for (let i = 0; i < orderThreads; i++) {
    const order = orders[Math.floor((i * orders.length) / orderThreads)]!;
    threadTargets.push({ clientId: order.client.id, orderId: order.id, start: order.createdAt });
  }
  const PHRASES = [
    "Hello, I uploaded the documents you asked for.",
    "Thank you, we received them and will review them this week.",
    "Could you also send last year's return?",
    "مرحبًا، هل تحتاجون إلى نسخة من جواز السفر؟",
    "Bonjour, voici l'attestation demandée.",
    "The translation is ready for your review.",
    "When is the appointment?",
    "Please sign form 8879 so we can file.",
  ];
  const perThread = VOLUME.messages / threadTargets.length;
  const messageRows: Row[] = [];
  const readRows: Row[] = [];
  step(
    "message_threads",
    await writeTable(sink, T.messageThreads, async (flush) => {
      const rows: Row[] = [];
      for (const target of threadTargets) {
        const id = randomUUID();
        const count = Math.max(1, Math.round(perThread * (0.2 + 1.6 * random())));
        const span = Math.max(DAY, Math.min(NOW - target.start, 90 * DAY));
        const assignee = chance(0.6) ? pick(staffIds) : null;
        let at = target.start;
        let lastAt = at;
        let lastPublicAt: number | null = null;
        let lastSender: "client" | "firm" | null = null;
        for (let m = 0; m < count; m++) {
          at = Math.min(NOW, at + Math.floor((span / count) * (0.5 + random())));
          const fromClient = m % 2 === 0;
          const internal = !fromClient && chance(0.1);
          messageRows.push([randomUUID(), id, fromClient ? target.clientId : (assignee ?? pick(staffIds)), pick(PHRASES), internal, iso(at)]);
          lastAt = at;
          if (!internal) {
            lastPublicAt = at;
            lastSender = fromClient ? "client" : "firm";
          }
        }
        const old = NOW - lastAt > 45 * DAY;
        const state = old && chance(0.8) ? "closed" : lastSender === "firm" ? "waiting" : "open";
        rows.push([
          id,
          target.clientId,
          target.orderId,
          state,
          assignee,
          iso(lastAt),
          lastPublicAt === null ? null : iso(lastPublicAt),
          lastSender,
          iso(target.start),
          iso(lastAt),
        ]);
        if (lastPublicAt !== null && (lastSender === "client" || chance(0.7))) readRows.push([id, target.clientId, iso(lastPublicAt)]);
        if (chance(0.6)) readRows.push([id, accounts.adminId, iso(old || chance(0.7) ? lastAt : target.start)]);
        if (rows.length === 10_000) await flush(rows.splice(0));
      }
      await flush(rows);
    }),
  );
  step(
    "messages",
    await writeTable(sink, T.messages, async (flush) => {
      for (let i = 0; i < messageRows.length; i += 20_000) await flush(messageRows.slice(i, i + 20_000));
    }),
  );
  step(
    "message_reads",
    await writeTable(sink, T.messageReads, async (flush) => {
      for (let i = 0; i < readRows.length; i += 20_000) await flush(readRows.slice(i, i + 20_000));
    }),
  );

  await sink.finish();
  console.log(`    loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // An order in the middle of the volume, searched for by its reference.
  return { counts, orderReference: orders[Math.floor(orders.length / 2)]!.reference };
}

// ---------------------------------------------------------------------------
// The server and the timings.

type App = { origin: string; pid: number; stop(): Promise<void> };

function startBenchApp(dataDir: string, databaseUrl: string): Promise<App> {
  return startApp({
    root: ROOT,
    timeoutMs: 180_000,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "bench-scale-session-secret",
      SEED_DEMO: "true",
      REDIS_URL: "",
      SMTP_URL: "",
      // The volume's notifications stay: the daily purge would otherwise delete the read ones past 180 days on
      // the server's first tick (some 650,000 rows), shrinking the volume while it is being timed.
      NOTIFICATION_RETENTION_DAYS: "36500",
    },
  });
}

/** The server's peak resident memory so far, in MB (Linux). */
function peakRssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return Math.round(kb / 1024);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

async function countRows(sink: Sink): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [
    "users",
    "service_orders",
    "service_order_status_history",
    "appointments",
    "reports",
    "notifications",
    "contact_messages",
    "invoices",
    "payments",
    "request_lists",
    "request_items",
    "message_threads",
    "messages",
  ]) {
    const [row] = await sink.query<{ n: number | string }>(`select count(*) as n from ${table}`);
    counts[table] = Number(row?.n ?? 0);
  }
  return counts;
}

/** A database the server runs on: the demo data alone, or the demo data and the volume. */
type BenchDatabase = { phase: Run["phase"]; dataDir: string; url: string; openSink: () => Promise<Sink>; drop: () => Promise<void> };

async function createBenchDatabase(dialect: Dialect, tmp: string, phase: Run["phase"]): Promise<BenchDatabase> {
  const dataDir = path.join(tmp, `${dialect}-${phase}`);
  fs.mkdirSync(dataDir, { recursive: true });
  if (dialect === "sqlite") {
    const file = path.join(dataDir, "app.db");
    return { phase, dataDir, url: `file:${file}`, openSink: async () => sqliteSink(file), drop: async () => undefined };
  }
  const schema = `bench_${phase}_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return {
    phase,
    dataDir,
    url: url.toString(),
    openSink: () => postgresSink(url.toString()),
    drop: async () => {
      if (KEEP) {
        console.log(`  kept (${phase}): DATABASE_URL=${url.toString()} DATA_DIR=${dataDir}`);
        return;
      }
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/** Starts the server once on an empty database and stops it: its migrations and demo seed. */
async function seedDemo(database: BenchDatabase): Promise<void> {
  const app = await startBenchApp(database.dataDir, database.url);
  await app.stop();
}

async function newestOrderReference(database: BenchDatabase): Promise<string> {
  const sink = await database.openSink();
  try {
    const [row] = await sink.query<{ reference: string }>("select reference from service_orders order by created_at desc limit 1");
    if (!row) throw new Error("the demo seed made no service order");
    return row.reference;
  } finally {
    await sink.close();
  }
}

type Sample = { status: number; bytes: number; location: string | null; ms: number };

async function request(origin: string, token: string, target: Target): Promise<Sample> {
  const headers = { authorization: `Bearer ${token}`, "accept-language": "en", ...(target.kind === "api" ? { accept: "application/json" } : {}) };
  const started = performance.now();
  const response = await fetch(`${origin}${target.path}`, { headers, redirect: "manual" });
  const body = await response.arrayBuffer();
  return { status: response.status, bytes: body.byteLength, location: response.headers.get("location"), ms: performance.now() - started };
}

function summarise(targets: Target[], samples: Sample[][]): Measure[] {
  return targets.map((target, index) => {
    const times = samples[index]!.map((sample) => sample.ms);
    const last = samples[index]!.at(-1)!;
    const result: Measure = {
      label: target.label,
      path: target.path,
      kind: target.kind,
      status: last.status,
      p50Ms: Math.round(percentile(times, 50)),
      p95Ms: Math.round(percentile(times, 95)),
      htmlBytes: target.kind === "page" ? last.bytes : null,
    };
    const failed = samples[index]!.find((sample) => sample.status !== 200);
    if (failed) result.error = `answered ${failed.status}${failed.location ? ` → ${failed.location}` : ""}`;
    return result;
  });
}

/**
 * The demo data and the volume timed side by side: a server on each database, both running, and every
 * URL requested of one and then of the other (which goes first alternates), in `WARMUP` unrecorded rounds
 * and then `REQUESTS` rounds over all the URLs. Both servers so meet the same machine at the same moments
 * (another process's burst, the machine slowing down), and a server's garbage collections fall on all its
 * URLs rather than on the consecutive requests of one; requests are never concurrent.
 */
async function measurePair(demoDatabase: BenchDatabase, volumeDatabase: BenchDatabase, volumeReference: string): Promise<{ demo: Run; volume: Run }> {
  const demoReference = await newestOrderReference(demoDatabase);
  const demoApp = await startBenchApp(demoDatabase.dataDir, demoDatabase.url);
  try {
    const volumeApp = await startBenchApp(volumeDatabase.dataDir, volumeDatabase.url);
    try {
      const sides = [
        {
          database: demoDatabase,
          app: demoApp,
          token: await signIn(demoApp.origin, ADMIN),
          clientToken: await signIn(demoApp.origin, CLIENT, "/client"),
          targets: targets(demoReference),
          reference: demoReference,
        },
        {
          database: volumeDatabase,
          app: volumeApp,
          token: await signIn(volumeApp.origin, ADMIN),
          clientToken: await signIn(volumeApp.origin, CLIENT, "/client"),
          targets: targets(volumeReference),
          reference: volumeReference,
        },
      ];
      const samples = sides.map((side) => side.targets.map(() => [] as Sample[]));
      const loadBefore = Number(os.loadavg()[0]!.toFixed(1));
      for (let round = 0; round < WARMUP + REQUESTS; round++) {
        const order = round % 2 === 0 ? [0, 1] : [1, 0];
        for (let index = 0; index < sides[0]!.targets.length; index++) {
          // This process's own garbage is collected before each pair of requests, while none is timed
          // (`npm run bench:scale` starts Node with --expose-gc): left to V8, its full collections came
          // every second or two once the loading's heap was released, each adding 5-35 ms to whichever
          // request they fell in, on either server.
          collectGarbage?.();
          for (const side of order) {
            const { app, token, clientToken, targets: list } = sides[side]!;
            const target = list[index]!;
            const sample = await request(app.origin, target.asClient ? clientToken : token, target);
            if (round >= WARMUP) samples[side]![index]!.push(sample);
          }
        }
      }
      const loadAverage: [number, number] = [loadBefore, Number(os.loadavg()[0]!.toFixed(1))];
      const runs = await Promise.all(
        sides.map(async (side, index): Promise<Run> => {
          const sink = await side.database.openSink();
          const counts = await countRows(sink).finally(() => sink.close());
          const measures = summarise(side.targets, samples[index]!);
          return { phase: side.database.phase, measures, peakRssMb: peakRssMb(side.app.pid), counts, orderReference: side.reference, loadAverage };
        }),
      );
      const [demo, volume] = runs as [Run, Run];
      demo.measures.forEach((d, index) => {
        const v = volume.measures[index]!;
        const size = v.htmlBytes === null ? "" : ` · ${(d.htmlBytes! / 1024).toFixed(0)} → ${(v.htmlBytes / 1024).toFixed(0)} KB`;
        const error = d.error ?? v.error;
        console.log(
          `    ${d.label.replace(/`/g, "").padEnd(44)} p50 ${String(d.p50Ms).padStart(4)} → ${String(v.p50Ms).padStart(4)} ms · p95 ${String(d.p95Ms).padStart(4)} → ${String(v.p95Ms).padStart(4)} ms${size}${error ? ` · ${error}` : ""}`,
        );
      });
      console.log(
        `    server peak memory (VmHWM) ${demo.peakRssMb} MB (demo) · ${volume.peakRssMb} MB (volume) · machine load average ${loadAverage.join(" → ")}`,
      );
      return { demo, volume };
    } finally {
      await volumeApp.stop();
    }
  } finally {
    await demoApp.stop();
  }
}

type DialectResult = { dialect: Dialect; demo: Run; volume: Run; loadSeconds: number; loaded: Record<string, number> };

async function benchDialect(dialect: Dialect, tmp: string): Promise<DialectResult> {
  console.log(`\n${dialect === "sqlite" ? "SQLite" : "PostgreSQL"}`);
  const demoDatabase = await createBenchDatabase(dialect, tmp, "demo");
  const volumeDatabase = await createBenchDatabase(dialect, tmp, "volume");
  try {
    console.log("  two databases with the demo data (the server migrates and seeds each)");
    await seedDemo(demoDatabase);
    await seedDemo(volumeDatabase);
    console.log(`  loading the volume into the second (scale ${SCALE}):`);
    const started = performance.now();
    const sink = await volumeDatabase.openSink();
    const loaded = await loadVolume(sink).finally(() => sink.close());
    const loadSeconds = Math.round((performance.now() - started) / 100) / 10;
    console.log("  timed side by side, demo data → at volume:");
    const { demo, volume } = await measurePair(demoDatabase, volumeDatabase, loaded.orderReference);
    return { dialect, demo, volume, loadSeconds, loaded: loaded.counts };
  } finally {
    await demoDatabase.drop();
    await volumeDatabase.drop();
  }
}

// ---------------------------------------------------------------------------
// The verdicts and the README table.

type Verdict = { ok: boolean; reasons: string[] };

function verdict(demo: Measure, volume: Measure): Verdict {
  const reasons: string[] = [];
  if (volume.error) reasons.push(volume.error);
  if (volume.kind === "api") {
    if (volume.p95Ms >= GOALS.apiMs) reasons.push(`p95 ≥ ${GOALS.apiMs} ms`);
  } else {
    if (volume.p95Ms > demo.p95Ms * GOALS.pageRatio) reasons.push(`${(volume.p95Ms / Math.max(1, demo.p95Ms)).toFixed(1)} × demo`);
    if ((volume.htmlBytes ?? 0) > GOALS.pageKb * 1024) reasons.push(`> ${GOALS.pageKb} KB`);
  }
  return { ok: reasons.length === 0, reasons };
}

const kb = (bytes: number | null) => (bytes === null ? "" : `, ${Math.round(bytes / 1024)} KB`);
const ms = (value: number) => `${value.toLocaleString("en-US")} ms`;

function markdown(results: DialectResult[], date: string): string {
  const name = (d: Dialect) => (d === "sqlite" ? "SQLite" : "PostgreSQL");
  const lines: string[] = [];
  const first = results[0]!;
  const counts = first.volume.counts;
  lines.push(
    `Run of ${date.slice(0, 10)} on this ${os.cpus().length}-core machine (Node ${process.version}), scale ${SCALE}: at volume the database held ` +
      `${(counts.users ?? 0).toLocaleString("en-US")} users, ${(counts.service_orders ?? 0).toLocaleString("en-US")} orders ` +
      `(${(counts.service_order_status_history ?? 0).toLocaleString("en-US")} history rows), ${(counts.appointments ?? 0).toLocaleString("en-US")} appointments, ` +
      `${(counts.reports ?? 0).toLocaleString("en-US")} reports, ${(counts.notifications ?? 0).toLocaleString("en-US")} notifications and ` +
      `${(counts.contact_messages ?? 0).toLocaleString("en-US")} contact messages, ${(counts.invoices ?? 0).toLocaleString("en-US")} invoices and ${(counts.payments ?? 0).toLocaleString("en-US")} payments (${name(first.dialect)}, counted after the run). ` +
      `p95 of ${REQUESTS} requests per URL as admin@demo.test, the demo data and the volume timed side by side (a server on each, every URL requested of one and then of the other, round after round); ✓ meets its goal, ✗ misses it (why in brackets).`,
    "",
    `| request | goal | ${results.map((r) => `${name(r.dialect)} demo | ${name(r.dialect)} at volume`).join(" | ")} |`,
    `| --- | --- | ${results.map(() => "--- | ---").join(" | ")} |`,
  );
  const demoMeasures = first.demo.measures;
  demoMeasures.forEach((measure, index) => {
    const goal = measure.kind === "api" ? `< ${GOALS.apiMs} ms` : `≤ ${GOALS.pageRatio} × demo, ≤ ${GOALS.pageKb} KB`;
    const cells = results.map((r) => {
      const demo = r.demo.measures[index]!;
      const volume = r.volume.measures[index]!;
      const v = verdict(demo, volume);
      const demoCell = demo.error ? `✗ ${demo.error}` : `${ms(demo.p95Ms)}${kb(demo.htmlBytes)}`;
      const volumeCell = `${v.ok ? "✓" : "✗"} ${ms(volume.p95Ms)}${kb(volume.htmlBytes)}${v.ok ? "" : ` (${v.reasons.join("; ")})`}`;
      return `${demoCell} | ${volumeCell}`;
    });
    lines.push(`| ${measure.label} | ${goal} | ${cells.join(" | ")} |`);
  });
  const memory = results.map((r) => `${r.demo.peakRssMb} MB | ${r.volume.peakRssMb < GOALS.memoryMb ? "✓" : "✗"} ${r.volume.peakRssMb} MB`);
  lines.push(`| server peak memory (VmHWM) | < ${GOALS.memoryMb} MB | ${memory.join(" | ")} |`);
  const loads = results.map((r) => `${name(r.dialect)} ${r.loadSeconds} s`).join(", ");
  const averages = results.flatMap((r) => [...r.demo.loadAverage, ...r.volume.loadAverage]);
  lines.push(
    "",
    `Loading the volume took ${loads}. The machine's 1-minute load average during the timings was ` +
      `${Math.min(...averages)}–${Math.max(...averages)} (${os.cpus().length} cores, shared with other work).`,
  );
  return lines.join("\n");
}

function writeReadme(table: string): void {
  const file = path.join(ROOT, "README.md");
  const readme = fs.readFileSync(file, "utf8");
  const start = "<!-- bench:scale -->";
  const end = "<!-- /bench:scale -->";
  const block = `${start}\n${table}\n${end}`;
  if (readme.includes(start) && readme.includes(end)) {
    fs.writeFileSync(file, readme.slice(0, readme.indexOf(start)) + block + readme.slice(readme.indexOf(end) + end.length));
  } else {
    const section = `## Speed at volume (\`npm run bench:scale\`)\n\n${block}\n\n`;
    const at = readme.indexOf("## Security");
    fs.writeFileSync(file, at >= 0 ? readme.slice(0, at) + section + readme.slice(at) : `${readme.trimEnd()}\n\n${section}`);
  }
  console.log("Written: the README's bench:scale table");
}

async function main(): Promise<void> {
  ensureBuild(ROOT);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "bench-scale-"));
  const results: DialectResult[] = [];
  try {
    console.log(
      `Volume (scale ${SCALE}): ${Object.entries(VOLUME)
        .map(([k, v]) => `${k} ${v.toLocaleString("en-US")}`)
        .join(" · ")}`,
    );
    for (const dialect of DIALECTS) {
      results.push(await benchDialect(dialect, tmp));
      // What is measured so far, should a later dialect fail or be stopped.
      fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
      fs.writeFileSync(path.join(ROOT, "bench-results/scale.json"), JSON.stringify({ partial: true, scale: SCALE, volume: VOLUME, results }, null, 2) + "\n");
    }
  } finally {
    if (KEEP) console.log(`Kept: the SQLite databases under ${tmp}/sqlite-demo and ${tmp}/sqlite-volume`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  }
  const date = new Date().toISOString();
  const summary = results.map((r) => {
    const verdicts = r.demo.measures.map((demo, i) => ({ path: demo.path, ...verdict(demo, r.volume.measures[i]!) }));
    return { dialect: r.dialect, missed: verdicts.filter((v) => !v.ok), memoryOk: r.volume.peakRssMb < GOALS.memoryMb };
  });
  for (const s of summary) {
    const missed = s.missed.map((m) => `${m.path} (${m.reasons.join("; ")})`);
    if (!s.memoryOk) missed.push("server memory");
    console.log(`${s.dialect}: ${missed.length === 0 ? "every goal met" : `missed: ${missed.join(", ")}`}`);
  }
  const report = {
    date,
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version },
    scale: SCALE,
    volume: VOLUME,
    requests: REQUESTS,
    goals: GOALS,
    results,
    summary,
  };
  fs.mkdirSync(path.join(ROOT, "bench-results"), { recursive: true });
  fs.writeFileSync(path.join(ROOT, "bench-results/scale.json"), JSON.stringify(report, null, 2) + "\n");
  console.log("Written: bench-results/scale.json");
  const table = markdown(results, date);
  const readme = process.env.BENCH_README;
  if (readme === "1" || (readme !== "0" && SCALE === 1 && DIALECTS.includes("sqlite") && DIALECTS.includes("postgres"))) writeReadme(table);
  else console.log(`\n${table}\n\n(README left as it is: it takes the table at full scale with both dialects, or with BENCH_README=1)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
