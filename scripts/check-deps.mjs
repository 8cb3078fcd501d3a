// Prints the import graph between the app's layers and areas in their declared order, and fails on a cycle
// or on an import against the order. The lint rules (eslint/areas-plugin.js) say the same file by file.
//   npm run check:deps
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildGraph, classifyNode, findCycles, readFileEdges } from "../eslint/area-graph.js";
import { AREA_GROUPS, againstOrder } from "../eslint/area-order.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const graph = buildGraph(readFileEdges(path.join(root, "app")), root);

const rank = (node) => classifyNode(node).rank ?? Infinity;
const rows = [["lib"], ["core"], ["components"], ...AREA_GROUPS, ["shell"]];

let against = 0;
for (const [i, row] of rows.entries()) {
  console.log(i === 0 ? row.join(", ") : `→ ${row.join(", ")}`);
  for (const node of row) {
    const targets = [...(graph.get(node)?.keys() ?? [])].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
    if (targets.length === 0) continue;
    const wrong = targets.filter((t) => rank(t) !== Infinity && againstOrder(classifyNode(node), classifyNode(t)));
    against += wrong.length;
    const shown = targets.map((t) => (wrong.includes(t) ? `${t} (AGAINST THE ORDER: ${graph.get(node).get(t)})` : t));
    console.log(`    ${node} imports ${shown.join(", ")}`);
  }
}
const unknown = [...graph.keys()].filter((n) => rank(n) === Infinity);
const cycles = findCycles(graph);
for (const c of cycles) console.log(`CYCLE: ${c.join(", ")}`);
for (const n of unknown) console.log(`NOT IN THE ORDER: ${n} (add it to eslint/area-order.js)`);
const edges = [...graph.values()].reduce((n, m) => n + m.size, 0);
console.log(`${graph.size} nodes, ${edges} imports between them, ${cycles.length} cycles, ${against} against the order`);
process.exit(cycles.length || against || unknown.length ? 1 : 0);
