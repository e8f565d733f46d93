/**
 * The module graph, walked: every import in app/ (type imports included, as
 * TypeScript itself reads them), resolved to its file. It proves what the
 * module order in eslint.config.js promises on the code as it is: the folders
 * of app/modules form no cycle and each imports only folders below it, the
 * public side imports nothing from the staff side, no public page reaches a
 * staff module, and no files in app/ import each other round in a circle.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { moduleOrder } from "../eslint.config.js";

const root = path.resolve(import.meta.dirname, "..");
const app = path.join(root, "app");
const modules = path.join(app, "modules");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith("~/") ? path.join(app, specifier.slice(2)) : specifier.startsWith(".") ? path.resolve(path.dirname(from), specifier) : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")].find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile());
}

/** Every file of app/ and the files of app/ it imports. */
const graph = new Map(
  sourceFiles(app).map((file) => {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = importedFiles.map((i) => resolve(file, i.fileName)).filter((t): t is string => t !== undefined && t.startsWith(app));
    return [file, [...new Set(targets)]] as const;
  }),
);

const rel = (file: string) => path.relative(root, file);
const folderOf = (file: string) => (file.startsWith(modules + path.sep) ? path.relative(modules, file).split(path.sep)[0] : undefined);

/** Strongly connected components with more than one member (or a self-loop): the cycles, by Tarjan's algorithm. */
function cycles(edges: Map<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (edges.get(node) ?? []).includes(node)) found.push(component.sort());
    }
  };
  for (const node of edges.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** The imports from one module folder into another, as "from → to: file → file". */
const folderEdges = [...graph].flatMap(([file, targets]) =>
  targets.flatMap((target) => {
    const from = folderOf(file);
    const to = folderOf(target);
    return from && to && from !== to ? [{ from, to, file: rel(file), target: rel(target) }] : [];
  }),
);

const position = new Map(moduleOrder.map((m, i) => [m.name, i]));
const side = new Map(moduleOrder.map((m) => [m.name, m.side]));

describe("the module graph", () => {
  it("finds the imports it walks (a check of the walker itself)", () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(folderEdges.length).toBeGreaterThan(30);
    expect(graph.get(path.join(modules, "privacy", "purge.server.ts"))).toContain(path.join(modules, "applicants", "retention.server.ts"));
  });

  it("places every module folder in the module order", () => {
    const folders = fs.readdirSync(modules, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(folders.filter((f) => !position.has(f))).toEqual([]);
    expect([...position.keys()].filter((name) => !folders.includes(name))).toEqual([]);
  });

  it("has no cycle between module folders", () => {
    const edges = new Map<string, string[]>();
    for (const { from, to } of folderEdges) edges.set(from, [...(edges.get(from) ?? []), to]);
    expect(cycles(edges)).toEqual([]);
  });

  it("imports only down the module order", () => {
    const upward = folderEdges.filter(({ from, to }) => position.get(to)! > position.get(from)!);
    expect(upward.map((e) => `${e.file} → ${e.target}`)).toEqual([]);
  });

  it("never imports the staff modules from the public ones", () => {
    const reaching = folderEdges.filter(({ from, to }) => side.get(from) === "public" && side.get(to) === "staff");
    expect(reaching.map((e) => `${e.file} → ${e.target}`)).toEqual([]);
  });

  it("keeps the public pages off the staff modules", () => {
    const staffPage = /^app\/(routes\/(staff|applicant)|components\/staff\/|web\/staff-)/;
    const publicFiles = [...graph.keys()].filter((f) => (/^app\/(routes|components)\//.test(rel(f))) && !staffPage.test(rel(f)));
    const reaching = publicFiles.flatMap((file) =>
      graph.get(file)!.filter((t) => side.get(folderOf(t) ?? "") === "staff").map((t) => `${rel(file)} → ${rel(t)}`),
    );
    expect(publicFiles.length).toBeGreaterThan(50);
    expect(reaching).toEqual([]);
  });

  it("has no import cycle between files anywhere in app/", () => {
    expect(cycles(graph).map((component) => component.map(rel))).toEqual([]);
  });
});
