import { recordLiteral } from './builder-args.js';
import type { StaticEvaluator } from './constants.js';
import { excerpt } from './constants.js';
import { isCall, isMember, memberName, type Node } from './source.js';
import { SEQUELIZE_BUILDER_METHODS } from './builder-methods.js';

/**
 * Sequelize `queryInterface` builder calls compiled by Sequelize itself: `await queryInterface
 * .addColumn('search_queries', 'duration', { type: Sequelize.INTEGER, allowNull: true })` is recorded
 * as data (the method, constant arguments, `Sequelize.X` / `Sequelize.X(…)` data types,
 * `Sequelize.literal('…')`), then replayed on Sequelize 6's own QueryInterface for the postgres
 * dialect, whose `sequelize.query` is replaced by a recorder: the exact SQL sequelize-cli would
 * send, without a database. The migration's code never runs; only recorded names and values reach
 * Sequelize. What cannot be recorded is unresolved, naming the argument.
 */

export type SequelizeArg =
  | { kind: 'value'; value: unknown }
  | { kind: 'type'; name: string; args: SequelizeArg[] | undefined }
  | { kind: 'literal'; sql: string }
  | { kind: 'fn'; name: string; args: SequelizeArg[] }
  | { kind: 'object'; entries: Array<[string, SequelizeArg]> }
  | { kind: 'array'; items: SequelizeArg[] };

/** Keys of an options object that say how, not what (`{ transaction }`): left out of the replay. */
const RUN_OPTIONS = new Set(['transaction', 'logging', 'benchmark']);
const TYPE_NAME = /^[A-Z][A-Z0-9_]*$/;

/** Records one argument; a string is the reason it cannot be. `sequelizeNames` are the names `Sequelize`/`DataTypes` go by in the file. */
export function recordSequelizeArg(node: Node, evaluator: StaticEvaluator, sequelizeNames: ReadonlySet<string>): SequelizeArg | string {
  const literal = recordLiteral(
    node,
    (member) => recordSequelizeArg(member, evaluator, sequelizeNames),
    'Sequelize',
    (key) => RUN_OPTIONS.has(key),
  );
  if (literal !== undefined) return literal;
  // Sequelize.TEXT, DataTypes.STRING(100), Sequelize.ARRAY(Sequelize.STRING), Sequelize.literal('now()'), Sequelize.fn('now')
  const callee = isCall(node) ? node.callee : node;
  if (isMember(callee) && callee.object.type === 'Identifier' && sequelizeNames.has(callee.object.name)) {
    const name = memberName(callee);
    const args: SequelizeArg[] = [];
    if (isCall(node)) {
      for (const argument of node.arguments as Node[]) {
        const recorded = recordSequelizeArg(argument, evaluator, sequelizeNames);
        if (typeof recorded === 'string') return recorded;
        args.push(recorded);
      }
    }
    if (name === 'literal' && isCall(node)) {
      const [first] = args;
      return args.length === 1 && first?.kind === 'value' && typeof first.value === 'string'
        ? { kind: 'literal', sql: first.value }
        : `\`${excerpt(node, 60)}\`: the literal SQL is not a constant`;
    }
    if (name === 'fn' && isCall(node)) {
      const [first, ...rest] = args;
      return first?.kind === 'value' && typeof first.value === 'string'
        ? { kind: 'fn', name: first.value, args: rest }
        : `\`${excerpt(node, 60)}\`: the function name is not a constant`;
    }
    if (name !== undefined && TYPE_NAME.test(name)) return { kind: 'type', name, args: isCall(node) ? args : undefined };
    return `\`${excerpt(node, 60)}\` is not a Sequelize data type the extractor replays`;
  }
  const value = evaluator.evaluate(node);
  if (!value.ok) return `a Sequelize builder argument is not a constant: ${value.reason}`;
  return { kind: 'value', value: value.value };
}

/** The names `Sequelize` and `DataTypes` have in `up`'s file: its second parameter, and imports/requires of `sequelize`. */
export function sequelizeNamesOf(up: { params: readonly Node[] }, fileText: string): Set<string> {
  const names = new Set<string>();
  const second = up.params[1];
  if (second?.type === 'Identifier') names.add(second.name);
  for (const match of fileText.matchAll(/\b(?:const|let|var|import)\s*\{([^}]*)\}\s*(?:=\s*require\(\s*['"]sequelize['"]\s*\)|from\s*['"]sequelize['"])/g)) {
    for (const part of match[1]!.split(',')) {
      const local = part
        .split(/\s+as\s+|:/)
        .pop()
        ?.trim();
      if (
        local &&
        /^(DataTypes|Sequelize)$/.test(
          part
            .trim()
            .split(/\s+as\s+|:/)[0]!
            .trim(),
        )
      )
        names.add(local);
    }
  }
  for (const match of fileText.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*require\(\s*['"]sequelize['"]\s*\)|import\s+(\w+)\s+from\s*['"]sequelize['"]/g))
    names.add((match[1] ?? match[2])!);
  return names;
}

interface SequelizeModule {
  Sequelize: new (
    url: string,
    options: Record<string, unknown>,
  ) => { query: unknown; getQueryInterface(): Record<string, (...args: unknown[]) => Promise<unknown>> & { describeTable: unknown } };
  DataTypes: Record<string, unknown>;
  literal(sql: string): unknown;
  fn(name: string, ...args: unknown[]): unknown;
}

let loaded: Promise<SequelizeModule> | undefined;

/** Sequelize 6 with the postgres dialect, loaded once, only when a Sequelize builder call is read. */
async function sequelizeModule(): Promise<SequelizeModule> {
  loaded ??= import('sequelize').then((sequelize) => ('default' in sequelize ? sequelize.default : sequelize) as unknown as SequelizeModule);
  return loaded;
}

function replay(arg: SequelizeArg, module: SequelizeModule): unknown {
  switch (arg.kind) {
    case 'value':
      return arg.value;
    case 'literal':
      return module.literal(arg.sql);
    case 'fn':
      return module.fn(arg.name, ...arg.args.map((item) => replay(item, module)));
    case 'array':
      return arg.items.map((item) => replay(item, module));
    case 'object':
      return Object.fromEntries(arg.entries.map(([key, value]) => [key, replay(value, module)]));
    case 'type': {
      const type = module.DataTypes[arg.name];
      if (type === undefined) throw new Error(`Sequelize has no data type ${arg.name}`);
      if (arg.args === undefined) return type;
      if (typeof type !== 'function') throw new Error(`Sequelize.${arg.name} is not called`);
      return (type as (...args: unknown[]) => unknown)(...arg.args.map((item) => replay(item, module)));
    }
  }
}

/**
 * The SQL Sequelize's QueryInterface sends for `queryInterface.<method>(…args)` on PostgreSQL. No
 * connection is ever opened: `sequelize.query` only records. `renameColumn` asks the table's
 * description first; it is answered with the renamed column alone (the postgres dialect uses only its name).
 */
export async function compileSequelizeCall(method: string, args: readonly SequelizeArg[]): Promise<string[]> {
  if (!SEQUELIZE_BUILDER_METHODS.has(method)) throw new Error(`queryInterface.${method} is not replayed`);
  const module = await sequelizeModule();
  // @ts-expect-error -- pg ships no types; it is only handed to Sequelize as its dialect module (no connection is made).
  const pg = (await import('pg')) as { default?: unknown };
  const sequelize = new module.Sequelize('postgres://release-safety@127.0.0.1:1/none', {
    dialect: 'postgres',
    dialectModule: pg.default ?? pg,
    logging: false,
  });
  const sent: string[] = [];
  sequelize.query = (sql: unknown) => {
    sent.push(typeof sql === 'string' ? sql : String((sql as { query?: unknown }).query));
    return Promise.resolve([[], 0]);
  };
  const queryInterface = sequelize.getQueryInterface();
  const replayed = args.map((arg) => replay(arg, module));
  if (method === 'renameColumn') {
    const [, column] = replayed;
    queryInterface.describeTable = () => Promise.resolve({ [String(column)]: { type: 'TEXT', allowNull: true, defaultValue: null } });
  }
  await queryInterface[method]!(...replayed);
  return sent;
}
