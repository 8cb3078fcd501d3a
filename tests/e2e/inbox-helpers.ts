import { randomUUID } from "node:crypto";
import { openTestDatabase } from "./fixtures";

/** A contact message as the contact form stores it, in the sender's language; its id. */
export function insertContactMessage(input: { subject: string; locale: string; name?: string; email?: string; message?: string }): string {
  const db = openTestDatabase();
  try {
    const id = randomUUID();
    db.prepare("insert into contact_messages (id, name, email, subject, message, locale, status, created_at) values (?, ?, ?, ?, ?, ?, 'new', ?)").run(
      id,
      input.name ?? "Sam Sender",
      input.email ?? "sam@example.com",
      input.subject,
      input.message ?? "Line one\nLine two",
      input.locale,
      new Date().toISOString(),
    );
    return id;
  } finally {
    db.close();
  }
}

/** A contact message's status, read from the database. */
export function contactMessageStatus(id: string): string {
  const db = openTestDatabase();
  try {
    return (db.prepare("select status from contact_messages where id = ?").get(id) as { status: string }).status;
  } finally {
    db.close();
  }
}
