import { Node, SyntaxKind, type SourceFile } from '../../../typescript/ts-morph.js';
import { loadParser, splitStatements, SqlParseError } from '../sql.js';
import type { ExtractedMigration, ExtractedStatement, HeavinessFlag, UnresolvedPart } from '../types.js';
import { excerpt, StaticEvaluator } from './constants.js';
import { findExport } from './exports.js';
import { loadMigrationSource, type ReadRepoFile } from './modules.js';

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
  /** Whether the migration runs in a transaction, from its source (a class property, a call). */
  inTransaction(file: SourceFile, up: Node): boolean;
}

type UpFunction = Node & { getParameters(): Node[] };

function findUp(file: SourceFile, spec: OrmSqlSpec): UpFunction | undefined {
  if (spec.up === 'class-method') {
    for (const declaration of file.getClasses()) {
      const method = declaration.getMethod('up');
      if (method) return method;
    }
    return undefined;
  }
  const node = findExport(file, 'up');
  return node && (Node.isArrowFunction(node) || Node.isFunctionExpression(node) || Node.isFunctionDeclaration(node) || Node.isMethodDeclaration(node)) ? node : undefined;
}

/** `handle.a.b(` → `a.b` and the call, when the occurrence heads a property chain that is called. */
function calledPath(occurrence: Node): { path: string; call: Node & { getArguments(): Node[] } } | undefined {
  const names: string[] = [];
  let node: Node = occurrence;
  for (;;) {
    const parent = node.getParent();
    if (parent && Node.isPropertyAccessExpression(parent) && parent.getExpression() === node) {
      names.push(parent.getName());
      node = parent;
      continue;
    }
    if (parent && Node.isNonNullExpression(parent)) {
      node = parent;
      continue;
    }
    if (parent && Node.isCallExpression(parent) && parent.getExpression() === node && names.length > 0) return { path: names.join('.'), call: parent };
    return undefined;
  }
}

/** sql`…`.execute(handle): the tagged template, when the occurrence is that `execute` argument. */
function executedTemplate(occurrence: Node): Node | undefined {
  const call = occurrence.getParent();
  if (!call || !Node.isCallExpression(call) || !call.getArguments().includes(occurrence)) return undefined;
  const callee = call.getExpression();
  if (!Node.isPropertyAccessExpression(callee) || callee.getName() !== 'execute') return undefined;
  const target = callee.getExpression();
  return Node.isTaggedTemplateExpression(target) && target.getTag().getText() === 'sql' ? target : undefined;
}

const isLoop = (node: Node) =>
  Node.isForStatement(node) || Node.isForOfStatement(node) || Node.isForInStatement(node) || Node.isWhileStatement(node) || Node.isDoStatement(node);

/** Inside a loop (or an array callback) of `up`: the statement runs an unknown number of times. */
function repeatedWithin(node: Node, up: Node): boolean {
  for (let current = node.getParent(); current && current !== up; current = current.getParent()) {
    if (isLoop(current)) return true;
    if ((Node.isArrowFunction(current) || Node.isFunctionExpression(current)) && Node.isCallExpression(current.getParent())) {
      const callee = (current.getParent() as Node & { getExpression(): Node }).getExpression();
      if (Node.isPropertyAccessExpression(callee) && ['forEach', 'map', 'flatMap', 'reduce', 'filter', 'some', 'every'].includes(callee.getName())) return true;
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
  ) {}

  private fail(node: Node, reason: string): void {
    this.unresolved.push({ line: node.getStartLineNumber(), reason, affects: [...ALL_FLAGS], evidence: excerpt(node) });
  }

  private addSql(node: Node, argument: Node | undefined): void {
    if (!argument) return this.fail(node, `${this.spec.label} raw SQL call without SQL text`);
    const value = this.evaluator.evaluate(argument);
    if (!value.ok || typeof value.value !== 'string') return this.fail(node, `${this.spec.label} raw SQL is built at run time: ${value.ok ? 'not text' : value.reason}`);
    if (repeatedWithin(node, this.up)) return this.fail(node, `${this.spec.label} raw SQL inside a loop: it runs an unknown number of times`);
    this.addText(node, value.value);
  }

  private addText(node: Node, sql: string): void {
    try {
      for (const statement of splitStatements(sql, node.getStartLineNumber())) this.statements.push({ sql: statement.sql, line: node.getStartLineNumber(), origin: 'orm-raw' });
    } catch (error) {
      this.fail(node, `SQL does not parse (PostgreSQL 18 grammar): ${error instanceof SqlParseError ? error.parserMessage : String(error)}`);
    }
  }

  private template(node: Node): void {
    if (!Node.isTaggedTemplateExpression(node)) return;
    const template = node.getTemplate();
    if (!Node.isNoSubstitutionTemplateLiteral(template)) return this.fail(node, `${this.spec.label} sql\`…\` with \${…}: values become bind parameters or raw text only at run time`);
    if (repeatedWithin(node, this.up)) return this.fail(node, `${this.spec.label} raw SQL inside a loop: it runs an unknown number of times`);
    this.addText(node, template.getLiteralValue());
  }

  /** Every use of the handle, in source order. */
  walk(occurrences: readonly Node[]): void {
    for (const occurrence of occurrences) {
      const called = calledPath(occurrence);
      if (called && this.spec.sqlCalls.includes(called.path)) {
        this.addSql(called.call, called.call.getArguments()[0]);
        continue;
      }
      if (called && this.spec.harmlessCalls?.includes(called.path)) continue;
      if (called) {
        this.fail(called.call, `${this.spec.label} call \`${called.path}(…)\` is not read: only raw SQL is (the builder's SQL is not compiled)`);
        continue;
      }
      const template = this.spec.sqlTemplates ? executedTemplate(occurrence) : undefined;
      if (template) {
        this.template(template);
        continue;
      }
      this.fail(occurrence.getParent() ?? occurrence, `the ${this.spec.label} handle is passed on or kept: what runs through it is not followed`);
    }
  }
}

function occurrencesOf(up: UpFunction, spec: OrmSqlSpec): Node[] | undefined {
  if (spec.handle === 'this') return up.getDescendantsOfKind(SyntaxKind.ThisKeyword);
  const [parameter] = up.getParameters();
  const nameNode = parameter && (parameter as unknown as { getNameNode(): Node }).getNameNode();
  if (!nameNode || !Node.isIdentifier(nameNode)) return undefined;
  const name = nameNode.getText();
  return up.getDescendantsOfKind(SyntaxKind.Identifier).filter((identifier) => identifier !== nameNode && identifier.getText() === name && !isPropertyName(identifier));
}

/** `x.name` and `{ name: … }`: an identifier that names a property, not the variable. */
function isPropertyName(identifier: Node): boolean {
  const parent = identifier.getParent();
  if (parent && Node.isPropertyAccessExpression(parent) && parent.getNameNode() === identifier) return true;
  return !!parent && Node.isPropertyAssignment(parent) && parent.getNameNode() === identifier;
}

export async function extractOrmSqlMigration(file: string, text: string, read: ReadRepoFile, spec: OrmSqlSpec): Promise<ExtractedMigration> {
  await loadParser();
  const loaded = await loadMigrationSource(file, text, read);
  try {
    const up = findUp(loaded.file, spec);
    if (!up) {
      const where = spec.up === 'class-method' ? 'a migration class with an `up` method' : 'an exported `up` function';
      return { file, statements: [], unresolved: [{ line: 1, reason: `no ${where} found (not a ${spec.label} migration the extractor can read)`, affects: [...ALL_FLAGS] }], inTransaction: true };
    }
    const inTransaction = spec.inTransaction(loaded.file, up);
    const occurrences = occurrencesOf(up, spec);
    if (!occurrences) {
      return { file, statements: [], unresolved: [{ line: up.getStartLineNumber(), reason: `\`up\` takes no ${spec.label} handle by name: what it runs is not followed`, affects: [...ALL_FLAGS], evidence: excerpt(up, 120) }], inTransaction };
    }
    const walker = new HandleWalker(spec, new StaticEvaluator(loaded.modules), up);
    walker.walk(occurrences);
    return { file, statements: walker.statements, unresolved: walker.unresolved, inTransaction };
  } finally {
    loaded.release();
  }
}
