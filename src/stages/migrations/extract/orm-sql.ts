import { propertyKeyName, walk, type t } from '../../../syntax/parse.js';
import { loadParser, splitStatements, SqlParseError } from '../sql.js';
import type { ExtractedMigration, ExtractedStatement, HeavinessFlag, UnresolvedPart } from '../types.js';
import { excerpt, StaticEvaluator } from './constants.js';
import { findExport } from './exports.js';
import { compileSchemaChain, recordSchemaChain } from './kysely-schema.js';
import { loadMigrationSource, unparsedMigration, type ReadRepoFile } from './modules.js';
import {
  isCall,
  isFunctionNode,
  isMember,
  lineOf,
  memberName,
  parameterIdentifier,
  parentOf,
  textOf,
  unexported,
  type FunctionNode,
  type Node,
  type SourceFile,
  isPropertyName,
} from './source.js';
import { PGM_BUILDER_METHODS, SEQUELIZE_BUILDER_METHODS, TYPEORM_BUILDER_METHODS } from './builder-methods.js';
import type { TypeormNames } from './typeorm-builder.js';
/**
 * ORM migrations read for their raw SQL (TypeORM `queryRunner.query`, MikroORM `this.addSql`,
 * node-pg-migrate `pgm.sql`, Sequelize `queryInterface.sequelize.query`, kysely sql`…`.execute(db)).
 * Every use of the migration's database handle in `up` is accounted for: a raw-SQL call whose text
 * is static (literals, same-file and imported constants) becomes statements; any other call on the
 * handle (the ORM's builder), the handle handed to a helper, or SQL built at run time is an
 * unresolved part with its line. The migration's code never runs.
 */

const ALL_FLAGS: HeavinessFlag[] = ['locksTable', 'rewritesTable', 'scansTable'];

export interface OrmSqlSpec {
  /** The framework's name, for reasons. */
  label: string;
  /** Where `up` is: a method of the file's migration class, or an exported function / object member. */
  up: 'class-method' | 'export';
  /** The handle: `up`'s first parameter, or `this` (MikroORM). */
  handle: 'first-parameter' | 'this';
  /** Property paths on the handle whose call's first argument is SQL text, e.g. `query`, `sequelize.query`. */
  sqlCalls: readonly string[];
  /** Property paths on the handle that run no SQL of their own (`noTransaction`, `sequelize.transaction`). */
  harmlessCalls?: readonly string[];
  /** Whether sql`…` tagged templates executed on the handle (`.execute(db)`) are read (kysely). */
  sqlTemplates?: boolean;
  /** `handle.schema.…execute()` chains compiled by the ORM's own compiler (kysely-schema.ts). */
  schemaBuilder?: 'kysely';
  /** `handle.addColumn(…)` and the other QueryInterface calls compiled by Sequelize itself (sequelize-builder.ts). */
  builder?: 'sequelize' | 'node-pg-migrate' | 'typeorm';
  /** Whether the migration runs in a transaction, from its source (a class property, a call). */
  inTransaction(file: SourceFile, up: FunctionNode): boolean;
}

/** The top-level class declarations of a file (`export class`, `export default class` included). */
export function classesOf(file: SourceFile): t.ClassDeclaration[] {
  return file.statements.map((statement) => unexported(statement).node).filter((node): node is t.ClassDeclaration => node.type === 'ClassDeclaration');
}

/** The first method named `name` of a class (with a body). */
export function classMethod(declaration: t.ClassDeclaration, name: string): t.ClassMethod | undefined {
  return declaration.body.body.find(
    (member): member is t.ClassMethod => member.type === 'ClassMethod' && member.kind === 'method' && propertyKeyName(member.key, member.computed) === name,
  );
}

function findUp(file: SourceFile, spec: OrmSqlSpec): FunctionNode | undefined {
  if (spec.up === 'class-method') {
    for (const declaration of classesOf(file)) {
      const method = classMethod(declaration, 'up');
      if (method) return method;
    }
    return undefined;
  }
  const node = findExport(file, 'up');
  return node && isFunctionNode(node) ? node : undefined;
}

/** `handle.a.b(` → `a.b` and the call, when the occurrence heads a property chain that is called. */
function calledPath(occurrence: Node): { path: string; call: t.CallExpression | t.OptionalCallExpression } | undefined {
  const names: string[] = [];
  let node: Node = occurrence;
  for (;;) {
    const parent = parentOf(node);
    const name = parent ? memberName(parent) : undefined;
    if (isMember(parent) && name !== undefined && parent.object === node) {
      names.push(name);
      node = parent;
      continue;
    }
    if (parent?.type === 'TSNonNullExpression') {
      node = parent;
      continue;
    }
    if (isCall(parent) && parent.callee === node && names.length > 0) return { path: names.join('.'), call: parent };
    return undefined;
  }
}

/** sql`…`.execute(handle): the tagged template, when the occurrence is that `execute` argument. */
function executedTemplate(occurrence: Node): t.TaggedTemplateExpression | undefined {
  const call = parentOf(occurrence);
  if (!isCall(call) || !(call.arguments as Node[]).includes(occurrence)) return undefined;
  const callee = call.callee;
  if (!isMember(callee) || memberName(callee) !== 'execute') return undefined;
  const target = callee.object;
  return target.type === 'TaggedTemplateExpression' && textOf(target.tag) === 'sql' ? target : undefined;
}

const isLoop = (node: Node) =>
  node.type === 'ForStatement' ||
  node.type === 'ForOfStatement' ||
  node.type === 'ForInStatement' ||
  node.type === 'WhileStatement' ||
  node.type === 'DoWhileStatement';

const ARRAY_CALLBACKS = ['forEach', 'map', 'flatMap', 'reduce', 'filter', 'some', 'every'];

/** Inside a loop (or an array callback) of `up`: the statement runs an unknown number of times. */
function repeatedWithin(node: Node, up: Node): boolean {
  for (let current = parentOf(node); current && current !== up; current = parentOf(current)) {
    if (isLoop(current)) return true;
    const owner = parentOf(current);
    if ((current.type === 'ArrowFunctionExpression' || current.type === 'FunctionExpression') && isCall(owner)) {
      const method = memberName(owner.callee);
      if (method !== undefined && ARRAY_CALLBACKS.includes(method)) return true;
    }
  }
  return false;
}

class HandleWalker {
  readonly statements: ExtractedStatement[] = [];
  readonly unresolved: UnresolvedPart[] = [];

  constructor(
    private readonly spec: OrmSqlSpec,
    private readonly evaluator: StaticEvaluator,
    private readonly up: Node,
    /** The names Sequelize's `Sequelize`/`DataTypes` go by in the file (data types in builder calls). */
    private readonly sequelizeNames: ReadonlySet<string> = new Set(),
    /** The names TypeORM's schema classes (`TableColumn`, …) go by in the file. */
    private readonly typeormNames: TypeormNames = { classes: new Map(), namespaces: new Set() },
  ) {}

  /** A TypeORM `queryRunner` builder call: its arguments recorded, replayed on TypeORM's PostgresQueryRunner (typeorm-builder.ts). */
  private async typeormCall(method: string, call: t.CallExpression | t.OptionalCallExpression): Promise<void> {
    const { recordTypeormArg, compileTypeormCall } = await import('./typeorm-builder.js');
    const args = [];
    for (const argument of call.arguments as Node[]) {
      const recorded = recordTypeormArg(argument, this.evaluator, this.typeormNames);
      if (typeof recorded === 'string') return this.fail(call, `${this.spec.label} \`${method}(…)\` not compiled: ${recorded}`);
      args.push(recorded);
    }
    if (repeatedWithin(call, this.up)) return this.fail(call, `${this.spec.label} builder call inside a loop: it runs an unknown number of times`);
    try {
      for (const sql of await compileTypeormCall(method, args)) this.addText(call, sql);
    } catch (error) {
      this.fail(call, `${this.spec.label} \`${method}(…)\` not compiled: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A node-pg-migrate builder call: its arguments recorded, replayed on node-pg-migrate (pgm-builder.ts). */
  private async pgmCall(method: string, call: t.CallExpression | t.OptionalCallExpression, handle: string): Promise<void> {
    const { recordPgmArg, compilePgmCall } = await import('./pgm-builder.js');
    const args = [];
    for (const argument of call.arguments as Node[]) {
      const recorded = recordPgmArg(argument, this.evaluator, handle);
      if (typeof recorded === 'string') return this.fail(call, `${this.spec.label} \`${method}(…)\` not compiled: ${recorded}`);
      args.push(recorded);
    }
    if (repeatedWithin(call, this.up)) return this.fail(call, `${this.spec.label} builder call inside a loop: it runs an unknown number of times`);
    try {
      for (const sql of await compilePgmCall(method, args)) this.addText(call, sql);
    } catch (error) {
      this.fail(call, `${this.spec.label} \`${method}(…)\` not compiled: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A Sequelize QueryInterface call: its arguments recorded, replayed on Sequelize for PostgreSQL (sequelize-builder.ts). */
  private async sequelizeCall(method: string, call: t.CallExpression | t.OptionalCallExpression): Promise<void> {
    const { recordSequelizeArg, compileSequelizeCall } = await import('./sequelize-builder.js');
    const args = [];
    for (const argument of call.arguments as Node[]) {
      const recorded = recordSequelizeArg(argument, this.evaluator, this.sequelizeNames);
      if (typeof recorded === 'string') return this.fail(call, `${this.spec.label} \`${method}(…)\` not compiled: ${recorded}`);
      args.push(recorded);
    }
    if (repeatedWithin(call, this.up)) return this.fail(call, `${this.spec.label} builder call inside a loop: it runs an unknown number of times`);
    try {
      for (const sql of await compileSequelizeCall(method, args)) this.addText(call, sql);
    } catch (error) {
      this.fail(call, `${this.spec.label} \`${method}(…)\` not compiled: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private fail(node: Node, reason: string): void {
    this.unresolved.push({ line: lineOf(node), reason, affects: [...ALL_FLAGS], evidence: excerpt(node) });
  }

  private addSql(node: Node, argument: Node | undefined): void {
    if (!argument) return this.fail(node, `${this.spec.label} raw SQL call without SQL text`);
    const value = this.evaluator.evaluate(argument);
    if (!value.ok || typeof value.value !== 'string')
      return this.fail(node, `${this.spec.label} raw SQL is built at run time: ${value.ok ? 'not text' : value.reason}`);
    if (repeatedWithin(node, this.up)) return this.fail(node, `${this.spec.label} raw SQL inside a loop: it runs an unknown number of times`);
    this.addText(node, value.value);
  }

  private addText(node: Node, sql: string): void {
    const line = lineOf(node);
    try {
      for (const statement of splitStatements(sql, line)) this.statements.push({ sql: statement.sql, line, origin: 'orm-raw' });
    } catch (error) {
      this.fail(node, `SQL does not parse (PostgreSQL 18 grammar): ${error instanceof SqlParseError ? error.parserMessage : String(error)}`);
    }
  }

  private template(node: t.TaggedTemplateExpression): void {
    const template = node.quasi;
    if (template.expressions.length > 0)
      return this.fail(node, `${this.spec.label} sql\`…\` with \${…}: values become bind parameters or raw text only at run time`);
    if (repeatedWithin(node, this.up)) return this.fail(node, `${this.spec.label} raw SQL inside a loop: it runs an unknown number of times`);
    const quasi = template.quasis[0]!;
    this.addText(node, quasi.value.cooked ?? quasi.value.raw);
  }

  /** A kysely `db.schema.…execute()` chain: compiled by kysely itself (kysely-schema.ts), or unresolved with the reason. */
  private async schemaChain(occurrence: Node, call: Node): Promise<void> {
    const recorded = recordSchemaChain(occurrence, this.evaluator);
    if (!recorded.ok) return this.fail(call, `${this.spec.label} schema builder not compiled: ${recorded.reason}`);
    if (repeatedWithin(recorded.end, this.up))
      return this.fail(recorded.end, `${this.spec.label} schema builder inside a loop: it runs an unknown number of times`);
    try {
      this.addText(recorded.end, await compileSchemaChain(recorded.steps));
    } catch (error) {
      this.fail(recorded.end, `${this.spec.label} schema builder not compiled: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** Every use of the handle, in source order. */
  async walk(occurrences: readonly Node[]): Promise<void> {
    for (const occurrence of occurrences) {
      const called = calledPath(occurrence);
      if (called && this.spec.sqlCalls.includes(called.path)) {
        this.addSql(called.call, called.call.arguments[0]);
        continue;
      }
      if (called && this.spec.harmlessCalls?.includes(called.path)) continue;
      if (called && this.spec.builder === 'sequelize' && SEQUELIZE_BUILDER_METHODS.has(called.path)) {
        await this.sequelizeCall(called.path, called.call);
        continue;
      }
      if (called && this.spec.builder === 'typeorm' && TYPEORM_BUILDER_METHODS.has(called.path)) {
        await this.typeormCall(called.path, called.call);
        continue;
      }
      if (called && this.spec.builder === 'node-pg-migrate' && PGM_BUILDER_METHODS.has(called.path) && occurrence.type === 'Identifier') {
        await this.pgmCall(called.path, called.call, occurrence.name);
        continue;
      }
      if (called && this.spec.schemaBuilder === 'kysely' && called.path.startsWith('schema.')) {
        await this.schemaChain(occurrence, called.call);
        continue;
      }
      if (called) {
        this.fail(called.call, `${this.spec.label} call \`${called.path}(…)\` is not read: only raw SQL is (the builder's SQL is not compiled)`);
        continue;
      }
      const template = this.spec.sqlTemplates ? executedTemplate(occurrence) : undefined;
      if (template) {
        this.template(template);
        continue;
      }
      this.fail(parentOf(occurrence) ?? occurrence, `the ${this.spec.label} handle is passed on or kept: what runs through it is not followed`);
    }
  }
}

function occurrencesOf(up: FunctionNode, spec: OrmSqlSpec): Node[] | undefined {
  const found: Node[] = [];
  if (spec.handle === 'this') {
    walk(up, (node) => {
      if (node.type === 'ThisExpression') found.push(node);
    });
    return found;
  }
  const [parameter] = up.params;
  const nameNode = parameter && parameterIdentifier(parameter);
  if (!nameNode) return undefined;
  const name = nameNode.name;
  walk(up, (node) => {
    if (node.type === 'Identifier' && node !== nameNode && node.name === name && !isPropertyName(node)) found.push(node);
  });
  return found;
}

export async function extractOrmSqlMigration(file: string, text: string, read: ReadRepoFile, spec: OrmSqlSpec): Promise<ExtractedMigration> {
  await loadParser();
  const loaded = await loadMigrationSource(file, text, read);
  if ('unparsed' in loaded) return unparsedMigration(file, text, loaded);
  const up = findUp(loaded.file, spec);
  if (!up) {
    const where = spec.up === 'class-method' ? 'a migration class with an `up` method' : 'an exported `up` function';
    return {
      file,
      statements: [],
      unresolved: [{ line: 1, reason: `no ${where} found (not a ${spec.label} migration the extractor can read)`, affects: [...ALL_FLAGS] }],
      inTransaction: true,
    };
  }
  const inTransaction = spec.inTransaction(loaded.file, up);
  const occurrences = occurrencesOf(up, spec);
  if (!occurrences) {
    return {
      file,
      statements: [],
      unresolved: [
        {
          line: lineOf(up),
          reason: `\`up\` takes no ${spec.label} handle by name: what it runs is not followed`,
          affects: [...ALL_FLAGS],
          evidence: excerpt(up, 120),
        },
      ],
      inTransaction,
    };
  }
  const sequelizeNames = spec.builder === 'sequelize' ? (await import('./sequelize-builder.js')).sequelizeNamesOf(up, text) : new Set<string>();
  const typeormNames = spec.builder === 'typeorm' ? (await import('./typeorm-builder.js')).typeormNamesOf(text) : undefined;
  const walker = new HandleWalker(spec, new StaticEvaluator(loaded.modules), up, sequelizeNames, typeormNames);
  await walker.walk(occurrences);
  return { file, statements: walker.statements, unresolved: walker.unresolved, inTransaction };
}
