import { installValidationMessages } from "~/lib/validation";
import { registerNotifier } from "~/core/notify.server";

import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Each test worker gets its own data directory (mail folder, uploads, secrets).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-test-"));
process.env.NODE_ENV = "test";
process.env.DATA_DIR = dataDir;
process.env.SESSION_SECRET ??= "test-secret-0123456789abcdef";
process.env.APP_URL ??= "http://localhost:3000";
process.env.LOG_LEVEL ??= "silent";
// The fake services of the tests (LibreTranslate, Stripe) listen on 127.0.0.1.
process.env.MT_ALLOW_PRIVATE_HOSTS ??= "true";
delete process.env.DATABASE_URL;
delete process.env.REDIS_URL;
delete process.env.SMTP_URL;

installValidationMessages();

// The app's start-up registers the notifications area's notify with core/notify; the tests do it here,
// once the environment above is set (the area reads it as it loads).
registerNotifier((await import("~/features/notifications/index.server")).notify);
