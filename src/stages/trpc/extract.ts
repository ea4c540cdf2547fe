import { lineOf, sourceOf, unwrapExpression, walk, type t } from '../../syntax/parse.js';
import { Evaluator } from '../mcp/code/evaluate.js';
import type { ModuleLayout } from '../../syntax/modules.js';
import { loadProgram, type Program, type SourceFile } from '../mcp/code/program.js';
import { isZod, kindOf, type Value } from '../mcp/code/values.js';
import { toolJsonSchema } from '../mcp/code/zod-json-schema.js';
import { Unconvertible, ZodSchema } from '../mcp/code/zod-model.js';

/**
 * tRPC procedures read statically from one ref's router sources and the in-repository modules they
 * import: `router({...})` / `createTRPCRouter({...})` / `t.router({...})` objects, routers nested by
 * name or inline, `mergeRouters(a, b)`, and procedure chains (`publicProcedure.input(z…).query(…)`,
 * a base procedure defined elsewhere followed to its own `.input()`s). Each procedure has its path
 * from the root router (`polls.comments.list`), its kind, and its zod `input`/`output` as JSON
 * Schema (the MCP reader's zod → JSON Schema). Nothing is run.
 *
 * A procedure whose chain or schema cannot be read is `unknown` (with the reason); a router entry
 * that cannot be read (a spread, a computed key, a router from a package) makes everything under its
 * path unknown. An output the procedure does not declare is its handler's return value, which is not
 * read: the handler's text stands for it (see stage.ts).
 */

export type ProcedureKind = 'query' | 'mutation' | 'subscription';

export interface Procedure {
  path: string;
  kind: ProcedureKind;
  file: string;
  line: number;
  input?: Record<string, unknown>;
  /** Declared output (`.output(z…)`); absent when the handler's return value is the output. */
  output?: Record<string, unknown>;
  /** The handler's source text, when no output is declared. */
  handler?: string;
  unknown?: string;
}

export interface UnknownRouter {
  /** The path prefix under which nothing is proven (`''` for the root). */
  prefix: string;
  file: string;
  line: number;
  reason: string;
}

export type ProcedureExtraction = { ok: true; procedures: Procedure[]; unknownRouters: UnknownRouter[] } | { ok: false; reasons: string[] };

const ROUTER_FUNCTIONS = new Set(['router', 'createTRPCRouter', 'createRouter', 'createTrpcRouter']);
const MERGE_FUNCTIONS = new Set(['mergeRouters', 'mergeTRPCRouters']);
const KINDS = new Set<ProcedureKind>(['query', 'mutation', 'subscription']);
const MAY_DEFINE = /router|Router/;

type Call = t.CallExpression;

export function extractProceduresFromTexts(
  sources: readonly string[],
  texts: ReadonlyMap<string, string>,
  layout?: ModuleLayout,
  blobs?: ReadonlyMap<string, string>,
): ProcedureExtraction {
  const program = loadProgram(sources, texts, layout, blobs);
  if (!('sources' in program)) return { ok: false, reasons: [`${program.path}:${program.line} does not parse: ${program.message}`] };
  return new Reader(program).read();
}

function calleeName(call: Call): string | undefined {
  const callee = unwrapExpression(call.callee);
  if (callee.type === 'Identifier') return callee.name;
  if (callee.type === 'MemberExpression' && !callee.computed && callee.property.type === 'Identifier') return callee.property.name;
  return undefined;
}

class Reader {
  private readonly evaluator: Evaluator;
  private readonly procedures: Procedure[] = [];
  private readonly unknownRouters: UnknownRouter[] = [];

  constructor(private readonly program: Program) {
    this.evaluator = new Evaluator(program);
  }

  read(): ProcedureExtraction {
    // Router-building calls anywhere in the files read; a root is one no other router refers to.
    const routers: Call[] = [];
    for (const file of this.program.files) {
      if (!MAY_DEFINE.test(file.text)) continue;
      walk(file.ast, (node) => {
        if (node.type === 'CallExpression' && this.isRouterCall(node)) routers.push(node);
      });
    }
    const referenced = new Set<t.Node>();
    for (const router of routers) for (const target of this.referencedRouters(router)) referenced.add(target);
    for (const router of routers) {
      if (referenced.has(router) || this.insideRouter(router)) continue;
      this.router(router, '', new Set());
    }
    return { ok: true, procedures: this.procedures, unknownRouters: this.unknownRouters };
  }

  private isRouterCall(call: Call): boolean {
    const name = calleeName(call);
    if (name && MERGE_FUNCTIONS.has(name)) return true;
    return name !== undefined && ROUTER_FUNCTIONS.has(name) && unwrapExpression(call.arguments[0] ?? call).type === 'ObjectExpression';
  }

  /** A router call that is an argument or an entry of another router call (it is read from there). */
  private insideRouter(node: t.Node): boolean {
    for (let parent = this.program.parentOf(node); parent; parent = this.program.parentOf(parent)) {
      if (parent.type === 'CallExpression' && this.isRouterCall(parent)) return true;
      if (parent.type === 'Program') return false;
    }
    return false;
  }

  /** The router calls a router's entries name (through constants and imports). */
  private referencedRouters(router: Call): t.Node[] {
    const found: t.Node[] = [];
    const entries = MERGE_FUNCTIONS.has(calleeName(router) ?? '')
      ? router.arguments
      : (unwrapExpression(router.arguments[0]!) as t.ObjectExpression).properties.map((property) =>
          property.type === 'ObjectProperty' ? property.value : property,
        );
    for (const entry of entries) {
      const target = this.routerValue(entry as t.Node);
      if (target && typeof target !== 'string') found.push(target.call);
    }
    return found;
  }

  /** A router entry that names a router (directly, through a constant, or an import). */
  private routerValue(node: t.Node, depth = 0): { call: Call } | string | undefined {
    const value = unwrapExpression(node);
    if (value.type === 'CallExpression' && this.isRouterCall(value)) return { call: value };
    if (value.type !== 'Identifier' || depth > 10) return undefined;
    const declaration = this.declarationOf(value);
    if (typeof declaration === 'string') return declaration;
    return declaration && declaration !== PACKAGE ? this.routerValue(declaration, depth + 1) : undefined;
  }

  private router(call: Call, prefix: string, seen: Set<t.Node>): void {
    if (seen.has(call)) return this.unknownRouter(prefix, call, 'the router refers to itself');
    const nested = new Set(seen).add(call);
    if (MERGE_FUNCTIONS.has(calleeName(call) ?? '')) {
      for (const argument of call.arguments) this.entry(argument as t.Node, prefix, nested, true);
      return;
    }
    const object = unwrapExpression(call.arguments[0]!) as t.ObjectExpression;
    for (const property of object.properties) {
      if (property.type !== 'ObjectProperty' || property.computed) {
        this.unknownRouter(prefix, property, `the router entry \`${this.excerpt(property)}\` is not read`);
        continue;
      }
      const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'StringLiteral' ? property.key.value : undefined;
      if (key === undefined) {
        this.unknownRouter(prefix, property, `the router entry \`${this.excerpt(property)}\` is not read`);
        continue;
      }
      this.entry(property.value as t.Node, prefix === '' ? key : `${prefix}.${key}`, nested, false);
    }
  }

  /** One entry: a procedure, or a router (inline, named, imported) read under `path`. */
  private entry(node: t.Node, path: string, seen: Set<t.Node>, merged: boolean): void {
    const router = this.routerValue(node);
    if (typeof router === 'string') return this.unknownRouter(path, node, router);
    if (router) return this.router(router.call, path, seen);
    const procedure = this.procedureCall(node);
    if (procedure && !merged) return this.procedure(procedure.call, procedure.kind, path);
    this.unknownRouter(path, node, `\`${this.excerpt(node)}\` is neither a router nor a procedure the reader follows`);
  }

  /** `….query(handler)` (also through a constant that holds the whole procedure). */
  private procedureCall(node: t.Node, depth = 0): { call: Call; kind: ProcedureKind } | undefined {
    const value = unwrapExpression(node);
    if (value.type === 'CallExpression') {
      const name = calleeName(value);
      if (name && KINDS.has(name as ProcedureKind) && value.callee.type === 'MemberExpression') return { call: value, kind: name as ProcedureKind };
      return undefined;
    }
    if (value.type === 'Identifier' && depth < 10) {
      const declaration = this.declarationOf(value);
      return declaration && declaration !== PACKAGE && typeof declaration !== 'string' ? this.procedureCall(declaration, depth + 1) : undefined;
    }
    return undefined;
  }

  private procedure(call: Call, kind: ProcedureKind, path: string): void {
    const file = this.program.fileOf(call);
    const procedure: Procedure = { path, kind, file: file.path, line: lineOf(call) };
    this.procedures.push(procedure);
    try {
      const inputs: t.Node[] = [];
      let output: t.Node | undefined;
      // Down the chain: `.input(a).use(m).output(b)` on a base procedure, which may be a constant elsewhere.
      let link: t.Node = unwrapExpression((call.callee as t.MemberExpression).object);
      for (let depth = 0; depth < 50; depth++) {
        if (link.type === 'CallExpression' && link.callee.type === 'MemberExpression') {
          const method = calleeName(link);
          if (method === 'input') inputs.push(link.arguments[0] as t.Node);
          else if (method === 'output') output ??= link.arguments[0] as t.Node;
          link = unwrapExpression(link.callee.object);
          continue;
        }
        if (link.type === 'MemberExpression' && !link.computed && link.property.type === 'Identifier' && link.property.name === 'procedure') break;
        if (link.type === 'Identifier') {
          const declaration = this.declarationOf(link);
          if (typeof declaration === 'string') throw new Unconvertible(declaration);
          // A base procedure imported from a package (`@trpc/server` helpers) adds no input of ours.
          if (declaration === undefined) throw new Unconvertible(`the base procedure \`${link.name}\` is not defined in the files read`);
          if (declaration === PACKAGE) break;
          link = unwrapExpression(declaration);
          continue;
        }
        throw new Unconvertible(`the procedure chain \`${this.excerpt(link)}\` is not read`);
      }
      if (inputs.length > 0)
        procedure.input = this.schema(
          inputs.map((input) => this.evaluator.evaluate(input)),
          'input',
        );
      if (output) procedure.output = this.schema([this.evaluator.evaluate(output)], 'output');
      else procedure.handler = call.arguments[0] ? sourceOf(call.arguments[0] as t.Node, file.text) : '';
    } catch (error) {
      procedure.unknown = error instanceof Error ? error.message : String(error);
    }
  }

  /** One schema, or several `.input()`s merged as tRPC merges them (objects: their properties together). */
  private schema(values: readonly Value[], pipe: 'input' | 'output'): Record<string, unknown> {
    for (const value of values) if (!isZod(value)) throw new Unconvertible(`the ${pipe} is ${kindOf(value)}, not a zod schema`);
    const schemas = values as ZodSchema[];
    if (schemas.length === 1) return toolJsonSchema(schemas[0]!, pipe);
    if (schemas.every((schema) => schema.def.type === 'object')) {
      const shape = new Map<string, ZodSchema>();
      for (const schema of schemas) for (const [key, field] of (schema.def as unknown as { shape: Map<string, ZodSchema> }).shape) shape.set(key, field);
      return toolJsonSchema(new ZodSchema({ type: 'object', shape, unknownKeys: 'strip' }), pipe);
    }
    throw new Unconvertible(`several .${pipe}() schemas that are not all objects`);
  }

  private unknownRouter(prefix: string, node: t.Node, reason: string): void {
    this.unknownRouters.push({ prefix, file: this.program.fileOf(node).path, line: lineOf(node), reason });
  }

  private excerpt(node: t.Node): string {
    return this.evaluator.excerpt(node);
  }

  /**
   * The initializer of the constant a name refers to: declared at the top of its file, or imported
   * from a repository module (relative, a tsconfig alias or a workspace package; followed through
   * re-exports). `PACKAGE` for a name imported from a package; a string says why it cannot be followed.
   */
  private declarationOf(identifier: t.Identifier): t.Node | typeof PACKAGE | string | undefined {
    return this.topLevel(this.program.fileOf(identifier), identifier.name, 0);
  }

  private topLevel(file: SourceFile, name: string, depth: number): t.Node | typeof PACKAGE | string | undefined {
    if (depth > 20) return `\`${name}\` is imported through a cycle of modules`;
    for (const outer of file.ast.program.body) {
      const statement = outer.type === 'ExportNamedDeclaration' && outer.declaration ? outer.declaration : outer;
      if (statement.type === 'VariableDeclaration') {
        for (const declaration of statement.declarations) {
          if (declaration.id.type === 'Identifier' && declaration.id.name === name) {
            if (statement.kind !== 'const') return `\`${name}\` is not a constant (${file.path}:${lineOf(declaration)})`;
            return declaration.init ?? `\`${name}\` has no value (${file.path}:${lineOf(declaration)})`;
          }
        }
      }
      if (statement.type === 'ImportDeclaration') {
        for (const binding of statement.specifiers) {
          if (binding.local.name !== name) continue;
          const specifier = statement.source.value;
          const target = this.program.resolve(file, specifier);
          if (typeof target === 'string') return target;
          if (!('ast' in target)) return PACKAGE;
          if (binding.type !== 'ImportSpecifier') return `\`${name}\` is a default or namespace import of ${specifier}`;
          const imported = binding.imported.type === 'Identifier' ? binding.imported.name : binding.imported.value;
          return this.exportedFrom(target, imported, depth + 1);
        }
      }
    }
    return undefined;
  }

  /** What a module exports as `name` (src/syntax/bindings.ts followExport), as {@link topLevel} says it. */
  private exportedFrom(file: SourceFile, name: string, depth: number): t.Node | typeof PACKAGE | string | undefined {
    const origin = this.program.exportOf(file, name);
    if (origin === undefined) return undefined;
    if (origin.kind === 'missing') return origin.reason;
    if (origin.kind === 'external') return PACKAGE;
    if (origin.kind === 'namespace') return `\`${name}\` is a namespace re-export of ${origin.path}`;
    const owner = this.program.fileAt(origin.path)!;
    return origin.binding.local !== undefined ? this.topLevel(owner, origin.binding.local, depth + 1) : origin.binding.value;
  }
}

const PACKAGE = Symbol('package');
