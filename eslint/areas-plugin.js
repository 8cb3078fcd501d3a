/**
 * Lint rules that keep the areas apart (the order is declared in ./area-order.js):
 * - areas/boundaries: outside an area, only its entry files (index.ts(x), index.server.ts) are imported;
 *   inside it, never its own entry; nothing imports against the declared order.
 * - areas/no-cycle: no import closes a cycle between areas or layers (read from the whole tree, with the
 *   file being linted as it is now).
 * Tests are exempt: they exercise an area's inner modules directly.
 */
import path from "node:path";
import { againstOrder, classify, isAreaEntry } from "./area-order.js";
import { buildGraph, nodeOf, readFileEdges, resolveSpecifier, shortestPath } from "./area-graph.js";

const TEST_FILE = /\.(test|spec)\.[a-z]+$/;

function appDirOf(context) {
  return path.resolve(context.options[0]?.appDir ?? path.join(context.cwd, "app"));
}

/** The file's path relative to app/, or undefined when it is outside app/ or a test. */
function fileInApp(context, appDir) {
  const rel = path.relative(appDir, context.filename).split(path.sep).join("/");
  if (rel.startsWith("..") || path.isAbsolute(rel) || TEST_FILE.test(rel)) return undefined;
  return rel;
}

/** Calls `check(specifier, node)` for every static import, re-export and literal dynamic import. */
function eachSpecifier(check) {
  const fromSource = (node) => {
    if (node.source && typeof node.source.value === "string") check(node.source.value, node.source);
  };
  return {
    ImportDeclaration: fromSource,
    ExportNamedDeclaration: fromSource,
    ExportAllDeclaration: fromSource,
    ImportExpression: fromSource,
  };
}

const optionsSchema = [{ type: "object", properties: { appDir: { type: "string" } }, additionalProperties: false }];

const label = (c) => (c.layer === "areas" ? `the ${c.area} area` : c.layer === "top" ? "a route" : `app/${c.layer}`);

const boundaries = {
  meta: {
    type: "problem",
    docs: { description: "Areas are imported through their entry files and in the declared order." },
    schema: optionsSchema,
    messages: {
      deep: "Import the {{area}} area through its entry (~/features/{{area}} or ~/features/{{area}}/index.server), not {{spec}}.",
      ownEntry: "Inside the {{area}} area, import its modules directly, not through its own entry.",
      order: "{{from}} may not import {{to}}: the declared order (eslint/area-order.js) puts {{to}} beside or above it.",
      unknownArea: "The {{area}} area is not in the declared order: add it to a group in eslint/area-order.js.",
    },
  },
  create(context) {
    const appDir = appDirOf(context);
    const fromRel = fileInApp(context, appDir);
    if (fromRel === undefined) return {};
    const from = classify(fromRel);
    if (from.layer === "areas" && from.group < 0) {
      return { Program: (node) => context.report({ node, messageId: "unknownArea", data: { area: from.area } }) };
    }
    return eachSpecifier((spec, node) => {
      const toRel = resolveSpecifier(appDir, context.filename, spec);
      if (toRel === undefined) return;
      const to = classify(toRel);
      // The root's loader data is what every page gets; naming its type creates no dependency at run time.
      if (toRel === "root" && node.parent?.importKind === "type") return;
      if (to.layer === "areas") {
        const inArea = toRel
          .split("/")
          .slice(2)
          .join("/")
          .replace(/\.(ts|tsx|js)$/, "");
        const sameArea = from.layer === "areas" && from.area === to.area;
        if (sameArea) {
          if (isAreaEntry(inArea)) context.report({ node, messageId: "ownEntry", data: { area: to.area } });
          return;
        }
        if (!isAreaEntry(inArea)) context.report({ node, messageId: "deep", data: { area: to.area, spec } });
        if (to.group < 0) {
          context.report({ node, messageId: "unknownArea", data: { area: to.area } });
          return;
        }
      }
      if (againstOrder(from, to)) context.report({ node, messageId: "order", data: { from: label(from), to: label(to) } });
    });
  },
};

const treeCache = new Map();

const noCycle = {
  meta: {
    type: "problem",
    docs: { description: "No import closes a cycle between areas or layers." },
    schema: optionsSchema,
    messages: { cycle: "This import closes a cycle: {{cycle}}." },
  },
  create(context) {
    const appDir = appDirOf(context);
    const fromRel = fileInApp(context, appDir);
    if (fromRel === undefined) return {};
    const from = nodeOf(fromRel);
    if (!from) return {};
    if (!treeCache.has(appDir)) treeCache.set(appDir, readFileEdges(appDir));
    const imports = [];
    return {
      ...eachSpecifier((spec, node) => {
        const toRel = resolveSpecifier(appDir, context.filename, spec);
        const to = toRel === undefined ? undefined : nodeOf(toRel);
        if (to && to !== from) imports.push({ to, spec, node });
      }),
      "Program:exit"() {
        if (imports.length === 0) return;
        // The tree as on disk, with this file's imports as they are in the editor.
        const edges = new Map(treeCache.get(appDir));
        edges.set(path.resolve(context.filename), { from, targets: new Map(imports.map((i) => [i.to, i.spec])) });
        const graph = buildGraph(edges, path.dirname(appDir));
        for (const { to, node } of imports) {
          const back = shortestPath(graph, to, from);
          if (back) context.report({ node, messageId: "cycle", data: { cycle: [from, ...back].join(" → ") } });
        }
      },
    };
  },
};

export default {
  meta: { name: "areas" },
  rules: { boundaries, "no-cycle": noCycle },
};
