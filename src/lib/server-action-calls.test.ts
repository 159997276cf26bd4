import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * A server action called from the browser rejects when no answer comes back (offline, server
 * down); awaited bare, that rejection replaced the whole page with the error boundary and lost
 * what was typed (docs/product.md "States"). So every client component reaches one through
 * src/lib/reach-server.ts: `reachServer(() => someAction(…))`, `useActionState(reachForm(someAction), …)`,
 * or the `run` of useRowActions or useFormAction, which call reachServer. This scan keeps a bare
 * call from coming back.
 */
const SRC = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function isClientModule(file: ts.SourceFile): boolean {
  const first = file.statements[0];
  return !!first && ts.isExpressionStatement(first) && ts.isStringLiteral(first.expression) && first.expression.text === "use client";
}

/** The value bindings a module imports from "@/server/actions/…" (type-only ones aside). */
function importedActions(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    if (!statement.moduleSpecifier.text.startsWith("@/server/actions")) continue;
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) continue;
    if (clause.name) names.add(clause.name.text);
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings)) {
      for (const element of bindings.elements) if (!element.isTypeOnly) names.add(element.name.text);
    }
    if (bindings && ts.isNamespaceImport(bindings)) names.add(bindings.name.text);
  }
  return names;
}

/** The hooks whose `run` calls reachServer itself (src/lib/use-row-actions.ts, src/lib/use-form-action.ts, and useTemplateForm, which hands on useFormAction's). */
const REACHING_HOOKS = new Set(["useRowActions", "useFormAction", "useTemplateForm"]);

/** Names in this module that call reachServer themselves: reachServer, and the `run` of REACHING_HOOKS. */
function reachingCallees(file: ts.SourceFile): Set<string> {
  const callees = new Set(["reachServer"]);
  const visit = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isObjectBindingPattern(node.name) && node.initializer && ts.isCallExpression(node.initializer)) {
      const callee = node.initializer.expression;
      if (ts.isIdentifier(callee) && REACHING_HOOKS.has(callee.text)) {
        for (const element of node.name.elements) {
          const key = element.propertyName ?? element.name;
          if (ts.isIdentifier(key) && key.text === "run" && ts.isIdentifier(element.name)) callees.add(element.name.text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return callees;
}

function calleeName(call: ts.CallExpression): string | undefined {
  return ts.isIdentifier(call.expression) ? call.expression.text : undefined;
}

/** Whether this use of an action is wrapped: `reachForm(action)`, or inside a function given to a reaching callee. */
function isReached(use: ts.Identifier, callees: Set<string>): boolean {
  const parent = use.parent;
  if (ts.isCallExpression(parent) && parent.arguments.includes(use as ts.Expression) && calleeName(parent) === "reachForm") return true;
  for (let node: ts.Node = use; node.parent; node = node.parent) {
    if ((ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && ts.isCallExpression(node.parent)) {
      const call = node.parent;
      const name = calleeName(call);
      if (name && callees.has(name) && call.arguments[0] === node) return true;
    }
  }
  return false;
}

/** Every use of a server action in a client module that no reach wrapper catches, as "file:line name". */
export function bareServerActionCalls(file: ts.SourceFile, relative: string): string[] {
  if (!isClientModule(file)) return [];
  const actions = importedActions(file);
  if (actions.size === 0) return [];
  const callees = reachingCallees(file);
  const bare: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) return;
    if (ts.isIdentifier(node) && actions.has(node.text) && !ts.isTypeReferenceNode(node.parent) && !ts.isTypeQueryNode(node.parent) && !isReached(node, callees)) {
      bare.push(`${relative}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1} ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return bare;
}

function parse(text: string, name = "x.tsx"): ts.SourceFile {
  return ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
}

describe("server actions called from the browser", () => {
  it("are all reached through src/lib/reach-server.ts, so a missing answer never takes the page down", () => {
    const files = sourceFiles(SRC);
    const clientCallers = files.filter((file) => {
      const text = fs.readFileSync(file, "utf8");
      return text.includes("@/server/actions") && isClientModule(parse(text, file));
    });
    // The scan sees the app's callers (a broken walk would pass vacuously).
    expect(clientCallers.length).toBeGreaterThan(30);
    const bare = clientCallers.flatMap((file) => bareServerActionCalls(parse(fs.readFileSync(file, "utf8"), file), path.relative(SRC, file)));
    expect(bare).toEqual([]);
  });

  it("tells a bare call from a reached one", () => {
    const source = (body: string) => `"use client";\nimport { saveAction, otherAction } from "@/server/actions/x";\nimport type { SaveState } from "@/server/actions/x";\n${body}`;
    expect(bareServerActionCalls(parse(source("const r = await saveAction({});")), "a.tsx")).toEqual(["a.tsx:4 saveAction"]);
    expect(bareServerActionCalls(parse(source("useActionState(saveAction, {});")), "a.tsx")).toEqual(["a.tsx:4 saveAction"]);
    expect(bareServerActionCalls(parse(source("startTransition(async () => { await saveAction({}); });")), "a.tsx")).toEqual(["a.tsx:4 saveAction"]);
    expect(bareServerActionCalls(parse(source("const r = await reachServer(() => saveAction({}));\nuseActionState(reachForm(otherAction), {});")), "a.tsx")).toEqual([]);
    expect(bareServerActionCalls(parse(source("const { run } = useRowActions();\nrun(() => saveAction({}), () => null);")), "a.tsx")).toEqual([]);
    expect(bareServerActionCalls(parse(source('const { run } = useFormAction(["name"]);\nrun(() => saveAction({}), () => null);')), "a.tsx")).toEqual([]);
    // Another helper's `run` doesn't count, nor does a server module.
    expect(bareServerActionCalls(parse(source("const run = (f) => f();\nrun(() => saveAction({}));")), "a.tsx")).toEqual(["a.tsx:5 saveAction"]);
    expect(bareServerActionCalls(parse(source("await saveAction({});").replace('"use client";', '"use server";')), "a.tsx")).toEqual([]);
  });
});
