import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint, Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import areas from "./areas-plugin.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The repository's own lint configuration, as `npx eslint .` runs it, on a file that is not on disk.
const eslint = new ESLint({ cwd: root });

async function areaMessages(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId?.startsWith("areas/")).map((m) => `${m.ruleId}: ${m.message}`);
}

describe("the areas' lint rules in eslint.config.js", () => {
  it("refuse a deep import into another area", async () => {
    const messages = await areaMessages(
      "app/features/billing/probe.ts",
      'import { getOrder } from "~/features/service-orders/service-orders.server";\nexport const probe = getOrder;\n',
    );
    expect(messages).toEqual([
      "areas/boundaries: Import the service-orders area through its entry (~/features/service-orders or ~/features/service-orders/index.server), not ~/features/service-orders/service-orders.server.",
    ]);
  });

  it("refuse a route's deep import too", async () => {
    const messages = await areaMessages("app/routes/probe.tsx", 'import { OrderStatus } from "~/features/service-orders/status";\nexport { OrderStatus };\n');
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("through its entry");
  });

  it("accept an import through the entry of an area below", async () => {
    const messages = await areaMessages(
      "app/features/billing/probe.ts",
      'import { getOrder } from "~/features/service-orders/index.server";\nexport const probe = getOrder;\n',
    );
    expect(messages).toEqual([]);
  });

  it("refuse an import against the declared order, and name the cycle it closes", async () => {
    const messages = await areaMessages(
      "app/features/content/probe.ts",
      'import { getOrder } from "~/features/service-orders/index.server";\nexport const probe = getOrder;\n',
    );
    expect(messages[0]).toBe(
      "areas/boundaries: the content area may not import the service-orders area: the declared order (eslint/area-order.js) puts the service-orders area beside or above it.",
    );
    expect(messages.some((m) => m.startsWith("areas/no-cycle: This import closes a cycle: content → service-orders →") && m.endsWith("→ content."))).toBe(true);
  });

  it("refuse an import between two areas of the same group", async () => {
    const messages = await areaMessages(
      "app/features/tasks/probe.ts",
      'import { listReports } from "~/features/reports/index.server";\nexport const probe = listReports;\n',
    );
    expect(messages[0]).toContain("the tasks area may not import the reports area");
  });

  it("keep shared components and the core below every area", async () => {
    expect(await areaMessages("app/components/probe.tsx", 'import { x } from "~/features/content";\nexport const probe = x;\n')).toContain(
      "areas/boundaries: app/components may not import the content area: the declared order (eslint/area-order.js) puts the content area beside or above it.",
    );
    expect((await areaMessages("app/core/probe.ts", 'import { Button } from "~/components/ui/button";\nexport const probe = Button;\n'))[0]).toContain(
      "app/core may not import app/components",
    );
  });

  it("refuse an area importing itself through its own entry", async () => {
    const messages = await areaMessages("app/features/billing/probe.ts", 'import { x } from "~/features/billing/index.server";\nexport const probe = x;\n');
    expect(messages).toEqual(["areas/boundaries: Inside the billing area, import its modules directly, not through its own entry."]);
  });
});

describe("areas/no-cycle on its own", () => {
  it("finds a cycle between two areas through their entries, whatever the order says", () => {
    const linter = new Linter({ configType: "flat" });
    const fixture = path.join(root, "eslint/fixtures/cycle/app");
    const config = [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tseslint.parser },
        plugins: { areas },
        rules: { "areas/no-cycle": ["error", { appDir: fixture }] },
      },
    ] as Linter.Config[];
    const file = path.join(fixture, "features/alpha/alpha.ts");
    const messages = linter.verify('import { beta } from "~/features/beta";\n\nexport const alpha = () => beta();\n', config, { filename: file });
    expect(messages.map((m) => m.message)).toEqual(["This import closes a cycle: alpha → beta → alpha."]);
    // Without the import back, no cycle.
    expect(linter.verify("export const alpha = () => 1;\n", config, { filename: file })).toEqual([]);
  });
});
