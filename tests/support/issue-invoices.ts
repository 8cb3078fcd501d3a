/**
 * A second process issuing invoices (tests/integration/billing-processes.test.ts): SQLite's
 * "two connections" are two processes on one database file, since one process holds one
 * synchronous connection. Usage: tsx tests/support/issue-invoices.ts <actorId> <invoiceId>…
 * with DATABASE_URL=file:…, DATA_DIR and ISSUE_AT set; prints the numbers as JSON.
 */
import { issueInvoice } from "~/features/billing/invoices.server";
import { closeDb } from "~/lib/db/db.server";

const [actorId, ...ids] = process.argv.slice(2);
// All processes start issuing at the same moment (ISSUE_AT, epoch ms), so their transactions overlap.
const at = Number(process.env.ISSUE_AT ?? 0);
if (at > Date.now()) await new Promise((resolve) => setTimeout(resolve, at - Date.now()));
const results = await Promise.allSettled(ids.map((id) => issueInvoice({ id: actorId!, role: "admin" }, id, { notify: false })));
console.log(JSON.stringify(results.map((result) => (result.status === "fulfilled" ? result.value.number : `error: ${String(result.reason)}`))));
await closeDb();
