import { lineOf, parseSource, shortSourceOf, unwrapExpression, walk, type t } from '../../../../syntax/parse.js';
import type { CodeReference, DynamicReference, FileReferences, ReferenceAccess, ReferenceReader } from '../references.js';
import {
  BASE_CLASS,
  classChain,
  decoratorOption,
  firstStringArgument,
  isTypeLike,
  readClasses,
  stringOf,
  unique,
  type BoundDecorator,
  type DecoratedClass,
  type FileClasses,
  type OptionValue,
} from './entity-classes.js';

/**
 * TypeORM and MikroORM entities: the tables and columns the previous release's entities map, as
 * read references (an entity's query selects every column it maps, except TypeORM's
 * `select: false` and MikroORM's `lazy: true`, which are still written) and a table-level
 * `'all-model-columns'` insert per entity (`save`/`insert`/`persist` write the mapped row).
 *
 * Names as the database sees them: explicit names (`@Entity('t')`, `@Entity({ name })`,
 * `@Column({ name })`, `@JoinColumn({ name })`, MikroORM `tableName`/`fieldName`) as written;
 * otherwise the name comes from the naming strategy, configured elsewhere (the DataSource or
 * `mikro-orm.config`). For the strategies we know, every name they can give is a reference:
 * TypeORM's default (`snakeCase(Class)` tables, property-name columns) and
 * `typeorm-naming-strategies`' SnakeNamingStrategy (snake_case columns); MikroORM's default
 * UnderscoreNamingStrategy and EntityCaseNamingStrategy. An extra name that is not a real
 * column can only make a verdict stricter. A custom naming strategy (a class extending or
 * implementing one, or a `namingStrategy:` we do not know) can name anything: it is a
 * DynamicReference for every table.
 *
 * Fails closed (DynamicReference for the entity's table) on what is named in another file: a
 * foreign-key column named from the target's primary key (`@ManyToOne` without a join-column
 * name), columns inherited from a base class declared elsewhere, embedded entities.
 */

const TYPEORM = 'typeorm';
const MIKRO = 'mikro-orm';

function ormOf(from: string): typeof TYPEORM | typeof MIKRO | undefined {
  if (from === 'typeorm') return TYPEORM;
  if (from.startsWith('@mikro-orm/')) return MIKRO;
  return undefined;
}

/** TypeORM's `snakeCase` (typeorm/src/util/StringUtils.ts), which both its default table names and typeorm-naming-strategies use. */
export function typeormSnakeCase(name: string): string {
  return name
    .replace(/([A-Z])([A-Z])([a-z])/g, '$1_$2$3')
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .toLowerCase();
}

/** TypeORM's `camelCase` (typeorm/src/util/StringUtils.ts), used by the default join-column name. */
export function typeormCamelCase(name: string): string {
  return name.replace(/^([A-Z])|[\s-_](\w)/g, (_match, first: string | undefined, next: string | undefined) =>
    next ? next.toUpperCase() : first!.toLowerCase(),
  );
}

/** MikroORM's UnderscoreNamingStrategy `underscore` (packages/core/src/naming-strategy/UnderscoreNamingStrategy.ts). */
export function mikroUnderscore(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}

const TYPEORM_COLUMNS = new Set([
  'Column',
  'PrimaryColumn',
  'PrimaryGeneratedColumn',
  'CreateDateColumn',
  'UpdateDateColumn',
  'DeleteDateColumn',
  'VersionColumn',
  'ObjectIdColumn',
  'ViewColumn',
  'TreeLevelColumn',
]);
const MIKRO_COLUMNS = new Set(['Property', 'PrimaryKey', 'Enum']);
const STRATEGY_BASES = new Set([
  'DefaultNamingStrategy',
  'UnderscoreNamingStrategy',
  'EntityCaseNamingStrategy',
  'AbstractNamingStrategy',
  'SnakeNamingStrategy',
]);
/** Naming strategies whose names the candidates below cover, by package. */
const KNOWN_STRATEGIES: Record<string, readonly string[]> = {
  typeorm: ['DefaultNamingStrategy'],
  'typeorm-naming-strategies': ['SnakeNamingStrategy'],
};
const MIKRO_KNOWN_STRATEGIES = ['UnderscoreNamingStrategy', 'EntityCaseNamingStrategy'];

interface Entity {
  orm: typeof TYPEORM | typeof MIKRO;
  tables: string[];
  schema?: string;
  view: boolean;
}

class Collector {
  readonly references: CodeReference[] = [];
  readonly dynamic: DynamicReference[] = [];
  constructor(readonly path: string) {}
  column(entity: Entity, names: readonly string[], line: number, access: ReferenceAccess) {
    for (const table of entity.tables)
      for (const column of unique(names))
        this.references.push({
          table,
          ...(entity.schema === undefined ? {} : { schema: entity.schema }),
          column,
          access,
          file: this.path,
          line,
          via: entity.orm,
        });
  }
  unknown(entity: Entity | undefined, line: number, reason: string, via: string) {
    // A base class maps no table of its own: what it cannot name is unknown for any table extending it.
    if (!entity || entity.tables.length === 0) this.dynamic.push({ file: this.path, line, via, reason: entity ? `${reason} (in ${BASE_CLASS})` : reason });
    else for (const table of entity.tables) this.dynamic.push({ table, file: this.path, line, via, reason });
  }
}

const optionIsType = (node: t.Node) => isTypeLike(node);

function known(option: OptionValue): string | undefined {
  return option.kind === 'known' ? stringOf(option.value) : undefined;
}

/** The entity a class maps, or undefined when it maps none; fails closed on an unreadable name. */
function entityOf(file: FileClasses, found: DecoratedClass, out: Collector): Entity | undefined {
  for (const decorator of found.decorators) {
    const orm = ormOf(decorator.from);
    if (!orm) continue;
    if (orm === TYPEORM && (decorator.name === 'Entity' || decorator.name === 'ViewEntity')) {
      const view = decorator.name === 'ViewEntity';
      const first = firstStringArgument(file, decorator.args);
      const nameOption = decoratorOption(file, decorator.args, 'name', optionIsType);
      const schemaOption = decoratorOption(file, decorator.args, 'schema', optionIsType);
      if (
        first === null ||
        nameOption.kind === 'unknown' ||
        schemaOption.kind === 'unknown' ||
        (nameOption.kind === 'known' && known(nameOption) === undefined)
      ) {
        out.unknown(undefined, decorator.line, `table of entity ${found.name ?? '(anonymous)'}: the name in @${decorator.name}(…) is not a constant`, orm);
        return undefined;
      }
      const explicit = first ?? known(nameOption);
      if (explicit === undefined && found.name === undefined) {
        out.unknown(undefined, decorator.line, 'table of an anonymous entity class', orm);
        return undefined;
      }
      return { orm, tables: [explicit ?? typeormSnakeCase(found.name!)], ...(known(schemaOption) === undefined ? {} : { schema: known(schemaOption)! }), view };
    }
    if (orm === TYPEORM && decorator.name === 'ChildEntity') {
      const parent = parentEntity(file, found, out);
      if (parent) return parent;
      out.unknown(undefined, decorator.line, `@ChildEntity ${found.name ?? ''}: its table is its parent's, declared in another file`, orm);
      return undefined;
    }
    if (orm === MIKRO && decorator.name === 'Entity') {
      const abstract = decoratorOption(file, decorator.args, 'abstract', optionIsType);
      const expression = decoratorOption(file, decorator.args, 'expression', optionIsType);
      if (abstract.kind === 'known' && abstract.value === true) return undefined;
      if (expression.kind !== 'absent') return undefined;
      const tableName = decoratorOption(file, decorator.args, 'tableName', optionIsType);
      const collection = decoratorOption(file, decorator.args, 'collection', optionIsType);
      const schemaOption = decoratorOption(file, decorator.args, 'schema', optionIsType);
      const nameOption = tableName.kind !== 'absent' ? tableName : collection;
      if (
        nameOption.kind === 'unknown' ||
        schemaOption.kind === 'unknown' ||
        abstract.kind === 'unknown' ||
        (nameOption.kind === 'known' && known(nameOption) === undefined)
      ) {
        out.unknown(undefined, decorator.line, `table of entity ${found.name ?? '(anonymous)'}: @Entity options are not constants`, orm);
        return undefined;
      }
      const explicit = known(nameOption);
      if (explicit === undefined && found.name === undefined) {
        out.unknown(undefined, decorator.line, 'table of an anonymous entity class', orm);
        return undefined;
      }
      const tables = explicit !== undefined ? [explicit] : unique([mikroUnderscore(found.name!), found.name!]);
      return { orm, tables, ...(known(schemaOption) === undefined ? {} : { schema: known(schemaOption)! }), view: false };
    }
  }
  return undefined;
}

function parentEntity(file: FileClasses, found: DecoratedClass, out: Collector): Entity | undefined {
  const superClass = found.superClass && unwrapExpression(found.superClass);
  if (superClass?.type !== 'Identifier') return undefined;
  const parent = file.byName.get(superClass.name);
  return parent && parent !== found ? entityOf(file, parent, out) : undefined;
}

function propertyColumns(entity: Entity, property: string): string[] {
  return entity.orm === TYPEORM ? [property, typeormSnakeCase(property)] : [mikroUnderscore(property), property];
}

/** Join-column names from `@JoinColumn(...)`'s argument: `{ name }` or an array of them; undefined when a name is missing. */
function joinColumnNames(file: FileClasses, args: readonly t.Node[] | undefined): string[] | undefined | null {
  const first = args?.[0];
  if (!first) return undefined;
  const value = file.evaluate(first);
  if (value === undefined) return null;
  const entries = Array.isArray(value) ? value : [value];
  const names: string[] = [];
  for (const entry of entries) {
    const name = entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? (entry as Record<string, unknown>)['name'] : undefined;
    if (typeof name !== 'string') return undefined;
    names.push(name);
  }
  return names.length > 0 ? names : undefined;
}

function readMember(file: FileClasses, entity: Entity, member: DecoratedClass['members'][number], out: Collector): void {
  const decorators = member.decorators.filter((decorator) => ormOf(decorator.from) === entity.orm);
  const named = (name: string) => decorators.find((decorator) => decorator.name === name);
  if (entity.orm === TYPEORM) {
    const column = decorators.find((decorator) => TYPEORM_COLUMNS.has(decorator.name));
    if (column) {
      if (column.args?.some((arg) => unwrapExpression(arg).type === 'ArrowFunctionExpression' || unwrapExpression(arg).type === 'FunctionExpression')) {
        out.unknown(entity, member.line, `embedded columns of \`${member.name}\` are named from another class`, TYPEORM);
        return;
      }
      const name = decoratorOption(file, column.args, 'name', optionIsType);
      const select = decoratorOption(file, column.args, 'select', optionIsType);
      if (name.kind === 'unknown' || (name.kind === 'known' && known(name) === undefined)) {
        out.unknown(entity, member.line, `column of \`${member.name}\`: ${name.kind === 'unknown' ? name.why : 'name is not a string'}`, TYPEORM);
        return;
      }
      const access: ReferenceAccess = select.kind === 'known' && select.value === false ? 'write' : 'read';
      out.column(entity, known(name) !== undefined ? [known(name)!] : propertyColumns(entity, member.name), member.line, access);
      return;
    }
    const relation = named('ManyToOne') ?? named('OneToOne');
    const joinColumn = named('JoinColumn');
    if (relation && (relation.name === 'ManyToOne' || joinColumn)) {
      const names = joinColumn ? joinColumnNames(file, joinColumn.args) : undefined;
      if (names) {
        out.column(entity, names, member.line, 'read');
        return;
      }
      const referenced = joinColumn ? decoratorOption(file, joinColumn.args, 'referencedColumnName', optionIsType) : undefined;
      if (names === undefined && referenced?.kind === 'known' && known(referenced) !== undefined) {
        const joined = `${member.name}_${known(referenced)!}`;
        out.column(entity, [typeormCamelCase(joined), typeormSnakeCase(joined)], member.line, 'read');
        return;
      }
      out.unknown(entity, member.line, `foreign-key column of \`${member.name}\` is named from the target entity's primary key (another class)`, TYPEORM);
      return;
    }
    const joinTable = named('JoinTable');
    if (named('ManyToMany') && joinTable) {
      joinTableReference(file, entity, member, joinTable, out);
      return;
    }
    if (named('TreeParent')) out.unknown(entity, member.line, `tree parent column of \`${member.name}\` is named by the tree type`, TYPEORM);
    return;
  }
  // MikroORM
  const column = decorators.find((decorator) => MIKRO_COLUMNS.has(decorator.name));
  const relation = named('ManyToOne') ?? named('OneToOne');
  if (column || relation) {
    const decorator = (column ?? relation)!;
    const persist = decoratorOption(file, decorator.args, 'persist', optionIsType);
    const formula = decoratorOption(file, decorator.args, 'formula', optionIsType);
    if ((persist.kind === 'known' && persist.value === false) || formula.kind !== 'absent') return;
    if (relation && !column) {
      const mappedBy = decoratorOption(file, decorator.args, 'mappedBy', optionIsType);
      if (relation.name === 'OneToOne' && mappedBy.kind !== 'absent') return;
    }
    const lazy = decoratorOption(file, decorator.args, 'lazy', optionIsType);
    const access: ReferenceAccess = lazy.kind === 'known' && lazy.value === true ? 'write' : 'read';
    for (const key of ['fieldName', 'fieldNames', 'joinColumn', 'joinColumns']) {
      const option = decoratorOption(file, decorator.args, key, optionIsType);
      if (option.kind === 'unknown') {
        out.unknown(entity, member.line, `column of \`${member.name}\`: ${option.why}`, MIKRO);
        return;
      }
      if (option.kind === 'known') {
        const names =
          typeof option.value === 'string'
            ? [option.value]
            : Array.isArray(option.value) && option.value.every((name) => typeof name === 'string')
              ? (option.value as string[])
              : undefined;
        if (!names) {
          out.unknown(entity, member.line, `column of \`${member.name}\`: \`${key}\` is not a name`, MIKRO);
          return;
        }
        out.column(entity, names, member.line, access);
        return;
      }
    }
    if (relation && !column) {
      out.unknown(entity, member.line, `foreign-key column of \`${member.name}\` is named from the target entity's primary key (another class)`, MIKRO);
      return;
    }
    out.column(entity, propertyColumns(entity, member.name), member.line, access);
    return;
  }
  if (named('Embedded')) {
    out.unknown(entity, member.line, `embedded columns of \`${member.name}\` are named from another class`, MIKRO);
    return;
  }
  const manyToMany = named('ManyToMany');
  if (manyToMany) {
    const mappedBy = decoratorOption(file, manyToMany.args, 'mappedBy', optionIsType);
    if (mappedBy.kind === 'known') return;
    const pivot = decoratorOption(file, manyToMany.args, 'pivotTable', optionIsType);
    if (pivot.kind === 'known' && known(pivot) !== undefined) {
      const pivotEntity: Entity = { orm: MIKRO, tables: [known(pivot)!], view: false };
      out.references.push(
        { table: known(pivot)!, access: 'read', file: out.path, line: member.line, via: MIKRO },
        { table: known(pivot)!, access: 'insert', insertColumns: 'unknown', file: out.path, line: member.line, via: MIKRO },
      );
      out.unknown(pivotEntity, member.line, `pivot columns of \`${member.name}\` are named from the entities' primary keys`, MIKRO);
      return;
    }
    // Without `mappedBy` this may be the owning side, whose pivot table is named from both entities.
    out.unknown(undefined, member.line, `pivot table of \`${member.name}\` is named from both entities' tables`, MIKRO);
  }
}

function joinTableReference(file: FileClasses, entity: Entity, member: DecoratedClass['members'][number], joinTable: BoundDecorator, out: Collector): void {
  const name = decoratorOption(file, joinTable.args, 'name', optionIsType);
  const pivotName = known(name);
  if (pivotName === undefined) {
    out.unknown(undefined, member.line, `junction table of \`${member.name}\` is named from both entities' tables`, TYPEORM);
    return;
  }
  const schema = decoratorOption(file, joinTable.args, 'schema', optionIsType);
  const pivot: Entity = { orm: TYPEORM, tables: [pivotName], ...(known(schema) === undefined ? {} : { schema: known(schema)! }), view: false };
  out.references.push(
    { table: pivotName, ...(pivot.schema === undefined ? {} : { schema: pivot.schema }), access: 'read', file: out.path, line: member.line, via: TYPEORM },
    {
      table: pivotName,
      ...(pivot.schema === undefined ? {} : { schema: pivot.schema }),
      access: 'insert',
      insertColumns: 'all-model-columns',
      file: out.path,
      line: member.line,
      via: TYPEORM,
    },
  );
  for (const key of ['joinColumn', 'inverseJoinColumn']) {
    const option = decoratorOption(file, joinTable.args, key, optionIsType);
    const columnName =
      option.kind === 'known' && option.value !== null && typeof option.value === 'object' && !Array.isArray(option.value)
        ? (option.value as Record<string, unknown>)['name']
        : undefined;
    if (typeof columnName === 'string') out.column(pivot, [columnName], member.line, 'read');
    else out.unknown(pivot, member.line, `\`${key}\` of junction table ${pivotName} is named from an entity's primary key`, TYPEORM);
  }
}

/** Custom naming strategies (a class extending or implementing one) and `namingStrategy:` values we do not know. */
function namingStrategies(file: FileClasses, ast: t.File, out: Collector): void {
  for (const found of file.classes) {
    const superClass = found.superClass && unwrapExpression(found.superClass);
    const implemented = (found.node.implements ?? []).map((clause) => ('expression' in clause ? shortSourceOf(clause.expression, file.text, 60) : ''));
    const extendsStrategy = superClass?.type === 'Identifier' && STRATEGY_BASES.has(superClass.name);
    if (extendsStrategy || implemented.some((name) => /NamingStrategy(Interface)?$/.test(name))) {
      out.unknown(
        undefined,
        found.line,
        `custom naming strategy ${found.name ?? '(anonymous)'}: the names it gives entities and columns are not read`,
        TYPEORM,
      );
    }
  }
  walk(ast, (node) => {
    if (node.type !== 'ObjectProperty' || node.computed || node.key.type !== 'Identifier' || node.key.name !== 'namingStrategy') return;
    const value = unwrapExpression(node.value);
    const target = value.type === 'NewExpression' ? unwrapExpression(value.callee) : value;
    if (target.type === 'Identifier') {
      const imported = file.imports.get(target.name);
      if (
        imported &&
        (KNOWN_STRATEGIES[imported.from]?.includes(imported.imported) ||
          (imported.from.startsWith('@mikro-orm/') && MIKRO_KNOWN_STRATEGIES.includes(imported.imported)))
      )
        return;
      // A class of this repository is read where it is declared (above); a relative import points there.
      if ((imported && imported.from.startsWith('.')) || (!imported && file.byName.has(target.name))) return;
    }
    out.unknown(undefined, lineOf(node), `naming strategy \`${shortSourceOf(node.value, file.text, 60)}\` is not one whose names we know`, TYPEORM);
  });
}

function read(path: string, text: string): FileReferences {
  const parsed = parseSource(path, text);
  if (!parsed.ok) return { references: [], dynamic: [{ file: path, line: parsed.line, via: TYPEORM, reason: parsed.reason }] };
  const file = readClasses(path, parsed.ast, text);
  const out = new Collector(path);
  namingStrategies(file, parsed.ast, out);
  for (const found of file.classes) {
    const entity = entityOf(file, found, out);
    if (!entity) {
      readBaseClass(file, found, out);
      continue;
    }
    for (const table of entity.tables) {
      const base = { table, ...(entity.schema === undefined ? {} : { schema: entity.schema }), file: path, line: found.line, via: entity.orm };
      out.references.push({ ...base, access: 'read' });
      if (!entity.view) out.references.push({ ...base, access: 'insert', insertColumns: 'all-model-columns' });
    }
    const { chain, foreignBase } = classChain(file, found, (from) => ormOf(from) !== undefined);
    if (foreignBase)
      out.unknown(
        entity,
        foreignBase.line,
        `columns inherited from \`${foreignBase.name}\` (declared in another file) are not read with ${found.name ?? 'this entity'}`,
        entity.orm,
      );
    for (const owner of chain) for (const member of owner.members) readMember(file, entity, member, out);
  }
  return { references: out.references, dynamic: out.dynamic };
}

/**
 * A class with mapped members and no entity decorator of its own (`abstract class Timestamped`):
 * its columns belong to the entities of other files that extend it, where the lookup finds them as
 * mentions (see `classChain`); what it cannot name is a mark for every table.
 */
function readBaseClass(file: FileClasses, found: DecoratedClass, out: Collector): void {
  if (found.decorators.some((decorator) => ormOf(decorator.from) !== undefined)) return;
  const orm = found.members
    .flatMap((member) => member.decorators)
    .map((decorator) => ormOf(decorator.from))
    .find((value) => value !== undefined);
  if (!orm) return;
  const base: Entity = { orm, tables: [], view: false };
  for (const member of found.members) readMember(file, base, member, out);
}

export const reader: ReferenceReader = {
  id: TYPEORM,
  mayReference(_path, text) {
    return /['"](?:typeorm|@mikro-orm\/[\w-]+)['"]|NamingStrategy/.test(text);
  },
  read,
};
