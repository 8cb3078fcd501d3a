/**
 * The import graph between the app's layers and areas, read from the sources: one node per area
 * (app/features/<area>) and per lower layer (lib, core, components) and the shell; routes and the other
 * top-level modules import everything and are left out. Used by the no-cycle lint rule and by
 * `npm run check:deps`.
 */
import fs from "node:fs";
import path from "node:path";
import { classify } from "./area-order.js";

const SOURCE = /\.(ts|tsx|js|jsx|mjs)$/;
const SKIP_FILE = /\.(test|spec)\.[a-z]+$|\.d\.ts$/;

/** The graph node of a path relative to app/, or undefined for the top layer. */
export function nodeOf(relativeToApp) {
  const c = classify(relativeToApp);
  if (c.layer === "top" || c.layer === "assets") return undefined;
  return c.layer === "areas" ? c.area : c.layer;
}

/** The classification (eslint/area-order.js) of a graph node: a layer's name or an area's. */
export function classifyNode(node) {
  return classify(["lib", "core", "components", "shell"].includes(node) ? node : `features/${node}/index.ts`);
}

/** The path relative to app/ a specifier names from `file`, or undefined for a package. */
export function resolveSpecifier(appDir, file, spec) {
  let target;
  if (spec.startsWith("~/")) target = path.join(appDir, spec.slice(2));
  else if (spec === "." || spec === ".." || spec.startsWith("./") || spec.startsWith("../")) target = path.resolve(path.dirname(file), spec);
  else return undefined;
  const rel = path.relative(appDir, target).split(path.sep).join("/");
  return rel.startsWith("..") ? undefined : rel;
}

/** Module specifiers of a source text, read without a parser: import/export … from, import "…", import("…"). */
export function specifiersOf(source) {
  const text = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:])\/\/.*$/gm, "$1");
  const out = [];
  for (const m of text.matchAll(/\b(?:import|export)\s[^'"`;]*?\bfrom\s*["']([^"'\n]+)["']/g)) out.push(m[1]);
  for (const m of text.matchAll(/\bimport\s*["']([^"'\n]+)["']/g)) out.push(m[1]);
  for (const m of text.matchAll(/\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g)) out.push(m[1]);
  return out;
}

function walk(dir, out = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(p, out);
    else if (SOURCE.test(entry.name) && !SKIP_FILE.test(entry.name)) out.push(p);
  }
  return out;
}

/** For every source file under appDir that belongs to a node: its node and the nodes it imports (with one specifier each). */
export function readFileEdges(appDir) {
  const files = new Map();
  for (const file of walk(appDir)) {
    const from = nodeOf(path.relative(appDir, file).split(path.sep).join("/"));
    if (!from) continue;
    const targets = new Map();
    for (const spec of specifiersOf(fs.readFileSync(file, "utf8"))) {
      const rel = resolveSpecifier(appDir, file, spec);
      const to = rel === undefined ? undefined : nodeOf(rel);
      if (to && to !== from && !targets.has(to)) targets.set(to, spec);
    }
    files.set(file, { from, targets });
  }
  return files;
}

/** Node → Map(target node → an example "file imports spec"). */
export function buildGraph(fileEdges, root) {
  const graph = new Map();
  for (const [file, { from, targets }] of fileEdges) {
    if (!graph.has(from)) graph.set(from, new Map());
    for (const [to, spec] of targets) {
      if (!graph.get(from).has(to)) graph.get(from).set(to, `${path.relative(root, file)} imports ${spec}`);
      if (!graph.has(to)) graph.set(to, new Map());
    }
  }
  return graph;
}

/** The shortest path of nodes from `start` to `goal` (both included), or undefined. */
export function shortestPath(graph, start, goal) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length) {
    const node = queue.shift();
    if (node === goal) {
      const route = [];
      for (let n = goal; n !== undefined; n = previous.get(n)) route.unshift(n);
      return route;
    }
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!previous.has(next)) {
        previous.set(next, node);
        queue.push(next);
      }
    }
  }
  return undefined;
}

/** Every cycle's nodes (strongly connected components of two or more nodes). */
export function findCycles(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let counter = 0;
  const visit = (v) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return components;
}
