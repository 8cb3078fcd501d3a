import { randomUUID } from "node:crypto";
import { openTestDatabase } from "./fixtures";

/** Records written straight into the test server's database, so each test owns its data. */
export function createOrderFor(
  clientId: string,
  options: { status?: string; serviceKey?: string; details?: string; dueDate?: string; createdAt?: string; priceCents?: number } = {},
): { id: string; reference: string } {
  const db = openTestDatabase();
  try {
    const service = db.prepare("select id from services where key = ?").get(options.serviceKey ?? "translation") as { id: string };
    const id = randomUUID();
    const reference = `SO-${randomUUID().slice(0, 4).toUpperCase()}-${randomUUID().slice(0, 4).toUpperCase()}`;
    const now = options.createdAt ?? new Date().toISOString();
    db.prepare(
      "insert into service_orders (id, reference, client_id, service_id, status, details, due_date, price_cents, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
    ).run(
      id,
      reference,
      clientId,
      service.id,
      options.status ?? "pending",
      options.details ?? "Certified translation of a birth certificate.",
      options.dueDate ?? null,
      options.priceCents ?? null,
      now,
      now,
    );
    db.prepare(
      "insert into service_order_status_history (id, order_id, from_status, to_status, changed_by, created_at) values (?, ?, null, 'pending', ?, ?)",
    ).run(randomUUID(), id, clientId, now);
    return { id, reference };
  } finally {
    db.close();
  }
}

/** An issued, unpaid invoice of the order (its balance is its total). */
export function createOpenInvoiceFor(clientId: string, orderId: string, totalCents: number): string {
  const db = openTestDatabase();
  try {
    const id = randomUUID();
    const now = new Date().toISOString();
    db.prepare(
      "insert into invoices (id, number, year, sequence, order_id, client_id, bill_to_name, bill_to_email, status, subtotal_cents, total_cents, issued_at, created_at, updated_at) values (?, ?, null, null, ?, ?, 'Client', 'client@example.com', 'open', ?, ?, ?, ?, ?)",
    ).run(id, `INV-${randomUUID().slice(0, 8).toUpperCase()}`, orderId, clientId, totalCents, totalCents, now, now, now);
    return id;
  } finally {
    db.close();
  }
}

export function createReportFor(clientId: string, title: string, body: string, orderId: string | null = null): string {
  const db = openTestDatabase();
  try {
    const id = randomUUID();
    const now = new Date().toISOString();
    db.prepare("insert into reports (id, client_id, order_id, title, body_markdown, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)").run(
      id,
      clientId,
      orderId,
      title,
      body,
      now,
      now,
    );
    return id;
  } finally {
    db.close();
  }
}

/** A confirmed appointment of the client starting at `startsAt` (ISO, UTC). */
export function createAppointmentFor(clientId: string, startsAt: string, serviceKey = "notary"): string {
  const db = openTestDatabase();
  try {
    const service = db.prepare("select id from services where key = ?").get(serviceKey) as { id: string };
    const id = randomUUID();
    const endsAt = new Date(Date.parse(startsAt) + 60 * 60 * 1000).toISOString();
    db.prepare("insert into appointments (id, reference, client_id, service_id, starts_at, ends_at, status) values (?, ?, ?, ?, ?, ?, 'confirmed')").run(
      id,
      `AP-${randomUUID().slice(0, 8).toUpperCase()}`,
      clientId,
      service.id,
      startsAt,
      endsAt,
    );
    return id;
  } finally {
    db.close();
  }
}

export function readAtOf(reportId: string): string | null {
  const db = openTestDatabase();
  try {
    return (db.prepare("select read_at from reports where id = ?").get(reportId) as { read_at: string | null }).read_at;
  } finally {
    db.close();
  }
}

export function notificationsOf(userId: string): Array<{ type: string; title_key: string; link: string | null }> {
  const db = openTestDatabase();
  try {
    return db.prepare("select type, title_key, link from notifications where user_id = ? order by created_at").all(userId) as Array<{
      type: string;
      title_key: string;
      link: string | null;
    }>;
  } finally {
    db.close();
  }
}

export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
