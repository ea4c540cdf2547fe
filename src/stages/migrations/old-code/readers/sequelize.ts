// inflection 1.x is what Sequelize 6's Utils.pluralize/underscore call (bundled into the CLI, so a devDependency like knex).
import inflection from 'inflection';
import type { Constant } from '../../../../syntax/constants.js';
import { isCall, lineOf, literalKeyName, parseSource, shortSourceOf, unwrapExpression, walk, type t } from '../../../../syntax/parse.js';
import type { CodeReference, DynamicReference, FileReferences, ReferenceReader } from '../references.js';
import {
  BASE_CLASS,
  classChain,
  decoratorOption,
  isTypeLike,
  readClasses,
  stringOf,
  unique,
  type DecoratedClass,
  type FileClasses,
  type OptionValue,
} from './entity-classes.js';

/**
 * Sequelize models: `sequelize.define('name', attributes, options)`, `Model.init(attributes,
 * options)` and sequelize-typescript classes (`@Table(options)`, `@Column`, `@CreatedAt`, …).
 * A model's queries select every attribute, so each attribute is a read reference at its line; the
 * model is a table-level `'all-model-columns'` insert (`create`/`bulkCreate`/`save`).
 *
 * Names as Sequelize gives them (model.js `init`): `tableName` as written; else the model name
 * (`modelName`, the class name, `define`'s first argument) when `freezeTableName`, else
 * `Utils.pluralize` of it (inflection's pluralize, the library Sequelize calls), underscored when
 * `underscored`; an attribute's column is `field`, else the attribute name, underscored when
 * `underscored`; timestamps `createdAt`/`updatedAt` (and `deletedAt` when `paranoid`) unless
 * turned off or renamed. Options left out of the model may come from `new Sequelize(…, { define })`
 * in another file, so every name they could give is a reference (an extra name that is not a real
 * column or table only makes a verdict stricter).
 *
 * Fails closed (DynamicReference for the model's tables) on attributes it cannot read, columns
 * inherited from a base class declared in another file, and `@BelongsTo` without a foreign key
 * (named from the target's primary key).
 */

const VIA = 'sequelize';
const TYPESCRIPT_PACKAGE = 'sequelize-typescript';

/** Sequelize's `Utils.pluralize` (inflection 1.x, which Sequelize 6 depends on). */
export function sequelizePluralize(name: string): string {
  return inflection.pluralize(name);
}

/** Sequelize's `Utils.underscore` (inflection 1.x). */
export function sequelizeUnderscore(name: string): string {
  return inflection.underscore(name);
}

/** A yes/no option: known, or unknown (absent here: the global `define` options decide). */
type Flag = boolean | undefined;

interface ModelNaming {
  tables: string[];
  schema?: string;
  underscored: Flag;
}

function flagOf(option: OptionValue): Flag | null {
  if (option.kind === 'absent') return undefined;
  if (option.kind === 'known' && typeof option.value === 'boolean') return option.value;
  return null;
}

/** Every table name the model can have, from its options. Null when an option is not readable. */
function tablesOf(name: string, options: (key: string) => OptionValue): ModelNaming | { unknown: string } {
  const tableName = options('tableName');
  const freeze = flagOf(options('freezeTableName'));
  const underscored = flagOf(options('underscored'));
  const schema = options('schema');
  if (tableName.kind === 'unknown') return { unknown: `tableName: ${tableName.why}` };
  if (schema.kind === 'unknown') return { unknown: `schema: ${schema.why}` };
  if (freeze === null || underscored === null) return { unknown: 'freezeTableName/underscored are not constants' };
  const schemaName = schema.kind === 'known' ? stringOf(schema.value) : undefined;
  const naming = (tables: string[]): ModelNaming => ({ tables: unique(tables), ...(schemaName === undefined ? {} : { schema: schemaName }), underscored });
  if (tableName.kind === 'known') {
    const explicit = stringOf(tableName.value);
    if (explicit === undefined) return { unknown: 'tableName is not a string' };
    return naming([explicit]);
  }
  const plural = sequelizePluralize(name);
  const pluralForms = underscored === true ? [sequelizeUnderscore(plural)] : underscored === false ? [plural] : [plural, sequelizeUnderscore(plural)];
  if (freeze === true) return naming([name]);
  if (freeze === false) return naming(pluralForms);
  return naming([name, ...pluralForms]);
}

function columnNames(attribute: string, underscored: Flag): string[] {
  if (underscored === true) return [sequelizeUnderscore(attribute)];
  if (underscored === false) return [attribute];
  return unique([attribute, sequelizeUnderscore(attribute)]);
}

class Collector {
  readonly references: CodeReference[] = [];
  readonly dynamic: DynamicReference[] = [];
  constructor(readonly path: string) {}
  model(naming: ModelNaming, line: number) {
    for (const table of naming.tables) {
      const base = { table, ...(naming.schema === undefined ? {} : { schema: naming.schema }), file: this.path, line, via: VIA };
      this.references.push({ ...base, access: 'read' }, { ...base, access: 'insert', insertColumns: 'all-model-columns' });
    }
  }
  columns(naming: ModelNaming, names: readonly string[], line: number) {
    for (const table of naming.tables)
      for (const column of unique(names))
        this.references.push({
          table,
          ...(naming.schema === undefined ? {} : { schema: naming.schema }),
          column,
          access: 'read',
          file: this.path,
          line,
          via: VIA,
        });
  }
  unknown(naming: ModelNaming | undefined, line: number, reason: string) {
    // A base class maps no table of its own: what it cannot name is unknown for any table extending it.
    if (!naming || naming.tables.length === 0) this.dynamic.push({ file: this.path, line, via: VIA, reason: naming ? `${reason} (in ${BASE_CLASS})` : reason });
    else for (const table of naming.tables) this.dynamic.push({ table, file: this.path, line, via: VIA, reason });
  }
}

/** Timestamp attributes: `createdAt`/`updatedAt` unless `timestamps: false`, renamed by `createdAt: 'x'` or off by `createdAt: false`; `deletedAt` when paranoid. */
function timestampColumns(naming: ModelNaming, options: (key: string) => OptionValue, line: number, out: Collector, declared: ReadonlySet<string>): void {
  const timestamps = flagOf(options('timestamps'));
  const paranoid = flagOf(options('paranoid'));
  if (timestamps === null || paranoid === null) {
    out.unknown(naming, line, 'timestamps/paranoid are not constants');
    return;
  }
  if (timestamps === false) return;
  for (const [key, on] of [
    ['createdAt', true],
    ['updatedAt', true],
    ['deletedAt', paranoid !== false],
  ] as const) {
    if (!on || declared.has(key)) continue;
    const option = options(key);
    if (option.kind === 'known' && option.value === false) continue;
    if (option.kind === 'known' && typeof option.value === 'string') out.columns(naming, columnNames(option.value, naming.underscored), line);
    else if (option.kind === 'unknown') out.unknown(naming, line, `${key}: ${option.why}`);
    // `deletedAt` exists only for paranoid models; with `paranoid` left to the global options it may.
    else out.columns(naming, columnNames(key, naming.underscored), line);
  }
}

function isVirtualType(node: t.Node): boolean {
  const inner = unwrapExpression(node);
  const target = isCall(inner) ? unwrapExpression(inner.callee) : inner;
  return (
    (target.type === 'MemberExpression' && !target.computed && target.property.type === 'Identifier' && target.property.name === 'VIRTUAL') ||
    (target.type === 'Identifier' && target.name === 'VIRTUAL')
  );
}

/** Attributes of `define`/`init`: `{ name: DataTypes.STRING, other: { type, field } }`. */
function readAttributes(file: FileClasses, ast: t.File, node: t.Node, naming: ModelNaming, out: Collector): Set<string> {
  const declared = new Set<string>();
  let attributes = unwrapExpression(node);
  if (attributes.type === 'Identifier') {
    const init = localObject(ast, attributes.name);
    if (!init) {
      out.unknown(naming, lineOf(node), `attributes \`${attributes.name}\` are not an object of this file`);
      return declared;
    }
    attributes = init;
  }
  if (attributes.type !== 'ObjectExpression') {
    out.unknown(naming, lineOf(node), `attributes \`${shortSourceOf(node, file.text, 50)}\` are not an object literal`);
    return declared;
  }
  for (const property of attributes.properties) {
    if (property.type !== 'ObjectProperty') {
      out.unknown(naming, lineOf(property), `attributes: \`${shortSourceOf(property, file.text, 50)}\` not read`);
      continue;
    }
    const name = property.computed ? stringOf(file.evaluate(property.key)) : literalKeyName(property);
    if (name === undefined) {
      out.unknown(naming, lineOf(property), `attribute name \`${shortSourceOf(property.key, file.text, 40)}\` is not a constant`);
      continue;
    }
    declared.add(name);
    const value = unwrapExpression(property.value);
    if (value.type === 'ObjectExpression') {
      const type = value.properties.find((entry) => entry.type === 'ObjectProperty' && literalKeyName(entry) === 'type') as t.ObjectProperty | undefined;
      if (type && isVirtualType(type.value)) continue;
      const field = decoratorOption(file, [value], 'field', isTypeLike);
      if (field.kind === 'unknown' || (field.kind === 'known' && stringOf(field.value) === undefined)) {
        out.unknown(naming, lineOf(property), `column of attribute \`${name}\`: ${field.kind === 'unknown' ? field.why : 'field is not a string'}`);
        continue;
      }
      out.columns(naming, field.kind === 'known' ? [stringOf(field.value)!] : columnNames(name, naming.underscored), lineOf(property.key));
      continue;
    }
    if (isVirtualType(value)) continue;
    if (value.type === 'Identifier' && !file.imports.has(value.name)) {
      // A local variable may hold `{ type, field }`.
      const local = localObject(ast, value.name);
      if (local) {
        const field = decoratorOption(file, [local], 'field', isTypeLike);
        if (field.kind === 'known' && stringOf(field.value) !== undefined) {
          out.columns(naming, [stringOf(field.value)!], lineOf(property.key));
          continue;
        }
        if (field.kind !== 'absent') {
          out.unknown(naming, lineOf(property), `column of attribute \`${name}\` not read`);
          continue;
        }
      }
    }
    out.columns(naming, columnNames(name, naming.underscored), lineOf(property.key));
  }
  return declared;
}

/** `const name = { … }` at any level of the file (the first one). */
function localObject(ast: t.File, name: string): t.ObjectExpression | undefined {
  let found: t.ObjectExpression | undefined;
  walk(ast, (node) => {
    if (found) return false;
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.id.name === name && node.init) {
      const init = unwrapExpression(node.init);
      if (init.type === 'ObjectExpression') found = init;
    }
  });
  return found;
}

function objectOptions(file: FileClasses, node: t.Node | undefined): (key: string) => OptionValue {
  return (key) => (node ? decoratorOption(file, [node], key, () => false) : { kind: 'absent' });
}

/** `sequelize.define('name', attributes, options)` and `Model.init(attributes, options)`. */
function readCalls(file: FileClasses, ast: t.File, out: Collector): void {
  const modelClasses = new Set(file.classes.filter((found) => found.name !== undefined && found.superClass !== undefined).map((found) => found.name!));
  walk(ast, (node) => {
    if (!isCall(node)) return;
    const callee = unwrapExpression(node.callee);
    if (callee.type !== 'MemberExpression' || callee.computed || callee.property.type !== 'Identifier') return;
    const method = callee.property.name;
    const args = node.arguments as t.Node[];
    if (method === 'define' && args.length >= 2) {
      const nameNode = args[0]!;
      const modelName = file.evaluate(nameNode);
      const options = objectOptions(file, args[2]);
      if (typeof modelName !== 'string') {
        out.unknown(undefined, lineOf(node), `model name \`${shortSourceOf(nameNode, file.text, 40)}\` of sequelize.define is not a constant`);
        return;
      }
      model(modelName, args[1]!, options, lineOf(node), args[2]);
      return;
    }
    if (method === 'init' && args.length >= 2) {
      const target = unwrapExpression(callee.object);
      const options = objectOptions(file, args[1]);
      // `Model.init` takes `{ sequelize }`; a class of this file extending something is the model.
      const hasSequelize = options('sequelize').kind !== 'absent';
      const className = target.type === 'Identifier' ? target.name : target.type === 'ThisExpression' ? enclosingClassName(ast, node) : undefined;
      if (!hasSequelize && !(className && modelClasses.has(className))) return;
      const modelName = options('modelName');
      if (modelName.kind === 'unknown' || (modelName.kind === 'known' && typeof modelName.value !== 'string')) {
        out.unknown(undefined, lineOf(node), `modelName of ${className ?? 'Model'}.init is not a constant`);
        return;
      }
      const name = modelName.kind === 'known' ? (modelName.value as string) : className;
      if (name === undefined) {
        out.unknown(undefined, lineOf(node), `model name of \`${shortSourceOf(callee.object, file.text, 40)}.init\` not read`);
        return;
      }
      model(name, args[0]!, options, lineOf(node), args[1]);
    }
  });

  function model(name: string, attributes: t.Node, options: (key: string) => OptionValue, line: number, optionsNode: t.Node | undefined) {
    if (optionsNode && unwrapExpression(optionsNode).type !== 'ObjectExpression') {
      out.unknown(undefined, line, `options of model ${name} are not an object literal`);
      return;
    }
    const naming = tablesOf(name, options);
    if ('unknown' in naming) {
      out.unknown(undefined, line, `table of model ${name}: ${naming.unknown}`);
      return;
    }
    out.model(naming, line);
    const declared = readAttributes(file, ast, attributes, naming, out);
    timestampColumns(naming, options, line, out, declared);
  }
}

function enclosingClassName(ast: t.File, target: t.Node): string | undefined {
  let name: string | undefined;
  walk(ast, (node) => {
    if ((node.type === 'ClassDeclaration' || node.type === 'ClassExpression') && node.start! <= target.start! && target.end! <= node.end!)
      name = node.id?.name ?? name;
  });
  return name;
}

/** sequelize-typescript classes. */
function readClassModels(file: FileClasses, out: Collector): void {
  for (const found of file.classes) {
    const table = found.decorators.find((decorator) => decorator.from === TYPESCRIPT_PACKAGE && decorator.name === 'Table');
    if (!table) {
      // A base class (outline's IdModel, ParanoidModel): its columns are mentions where it is declared; what it cannot name is a mark for every table.
      if (found.members.some((member) => member.decorators.some((decorator) => decorator.from === TYPESCRIPT_PACKAGE))) {
        const base: ModelNaming = { tables: [], underscored: undefined };
        for (const member of found.members) readMember(file, base, member, out, new Set(), foreignKeyTargetsOf([found]));
      }
      continue;
    }
    const options = (key: string) => decoratorOption(file, table.args, key, () => false);
    const modelName = options('modelName');
    if (modelName.kind === 'unknown' || (modelName.kind === 'known' && typeof modelName.value !== 'string')) {
      out.unknown(undefined, found.line, `modelName of ${found.name ?? 'a model'} is not a constant`);
      continue;
    }
    const name = modelName.kind === 'known' ? (modelName.value as string) : found.name;
    if (name === undefined) {
      out.unknown(undefined, found.line, 'table of an anonymous model class');
      continue;
    }
    const naming = tablesOf(name, options);
    if ('unknown' in naming) {
      out.unknown(undefined, found.line, `table of model ${name}: ${naming.unknown}`);
      continue;
    }
    out.model(naming, found.line);
    const declared = new Set<string>();
    const { chain, foreignBase } = classChain(file, found, (from) => from === TYPESCRIPT_PACKAGE || from === 'sequelize');
    if (foreignBase)
      out.unknown(
        naming,
        foreignBase.line,
        `columns inherited from \`${foreignBase.name}\` (declared in another file) are not read with ${found.name ?? name}`,
      );
    const foreignKeyTargets = foreignKeyTargetsOf(chain);
    for (const owner of chain) for (const member of owner.members) readMember(file, naming, member, out, declared, foreignKeyTargets);
    timestampColumns(naming, options, found.line, out, declared);
  }
}

const TIMESTAMP_DECORATORS: Record<string, string> = { CreatedAt: 'createdAt', UpdatedAt: 'updatedAt', DeletedAt: 'deletedAt' };

function readMember(
  file: FileClasses,
  naming: ModelNaming,
  member: DecoratedClass['members'][number],
  out: Collector,
  declared: Set<string>,
  foreignKeyTargets: ReadonlySet<string>,
): void {
  const decorators = member.decorators.filter((decorator) => decorator.from === TYPESCRIPT_PACKAGE);
  const column = decorators.find((decorator) => decorator.name === 'Column');
  const timestamp = decorators.find((decorator) => TIMESTAMP_DECORATORS[decorator.name] !== undefined);
  if (timestamp) declared.add(TIMESTAMP_DECORATORS[timestamp.name]!);
  if (column || timestamp) {
    declared.add(member.name);
    const args = column?.args ?? [];
    // `DataType.VIRTUAL` attributes have no column.
    if (args.some((arg) => isVirtualType(arg)) || isVirtualOption(args)) return;
    const field = decoratorOption(file, args, 'field', isTypeLike);
    if (field.kind === 'unknown' || (field.kind === 'known' && stringOf(field.value) === undefined)) {
      out.unknown(naming, member.line, `column of \`${member.name}\`: ${field.kind === 'unknown' ? field.why : 'field is not a string'}`);
      return;
    }
    out.columns(naming, field.kind === 'known' ? [stringOf(field.value)!] : columnNames(member.name, naming.underscored), member.line);
    return;
  }
  const belongsTo = decorators.find((decorator) => decorator.name === 'BelongsTo');
  if (belongsTo) {
    const second = belongsTo.args?.[1];
    const foreignKey: Constant | undefined = second === undefined ? undefined : file.evaluate(second);
    const keyName =
      typeof foreignKey === 'string'
        ? foreignKey
        : foreignKey !== null && typeof foreignKey === 'object' && !Array.isArray(foreignKey)
          ? ((fk) =>
              typeof fk === 'string'
                ? fk
                : fk !== null && typeof fk === 'object' && !Array.isArray(fk)
                  ? stringOf((fk as Record<string, Constant>)['name'])
                  : undefined)((foreignKey as Record<string, Constant>)['foreignKey'])
          : undefined;
    if (keyName !== undefined) {
      // Declared as a @ForeignKey @Column elsewhere in the class or added by Sequelize: either way a column of this table.
      out.columns(naming, columnNames(keyName, naming.underscored), member.line);
      return;
    }
    // sequelize-typescript takes the key from a `@ForeignKey(() => Target)` member of the class: that member is a column read above.
    const target = arrowTarget(belongsTo.args?.[0]);
    if (second === undefined && target !== undefined && foreignKeyTargets.has(target)) return;
    out.unknown(naming, member.line, `foreign key of \`${member.name}\` is named from the target model's primary key`);
  }
}

/** `X` of `() => X`. */
function arrowTarget(node: t.Node | undefined): string | undefined {
  const inner = node && unwrapExpression(node);
  if (inner?.type !== 'ArrowFunctionExpression' || inner.body.type === 'BlockStatement') return undefined;
  const body = unwrapExpression(inner.body);
  return body.type === 'Identifier' ? body.name : undefined;
}

/** The targets of `@ForeignKey(() => X)` members of the classes. */
function foreignKeyTargetsOf(classes: readonly DecoratedClass[]): Set<string> {
  const targets = new Set<string>();
  for (const owner of classes)
    for (const member of owner.members)
      for (const decorator of member.decorators) {
        if (decorator.from !== TYPESCRIPT_PACKAGE || decorator.name !== 'ForeignKey') continue;
        const target = arrowTarget(decorator.args?.[0]);
        if (target !== undefined) targets.add(target);
      }
  return targets;
}

function isVirtualOption(args: readonly t.Node[]): boolean {
  for (const arg of args) {
    const inner = unwrapExpression(arg);
    if (inner.type !== 'ObjectExpression') continue;
    const type = inner.properties.find((entry) => entry.type === 'ObjectProperty' && literalKeyName(entry) === 'type') as t.ObjectProperty | undefined;
    if (type && isVirtualType(type.value)) return true;
  }
  return false;
}

function read(path: string, text: string): FileReferences {
  const parsed = parseSource(path, text);
  if (!parsed.ok) return { references: [], dynamic: [{ file: path, line: parsed.line, via: VIA, reason: parsed.reason }] };
  const file = readClasses(path, parsed.ast, text);
  const out = new Collector(path);
  readClassModels(file, out);
  readCalls(file, parsed.ast, out);
  return { references: out.references, dynamic: out.dynamic };
}

export const reader: ReferenceReader = {
  id: VIA,
  mayReference(_path, text) {
    return /['"](?:sequelize|sequelize-typescript)['"]/.test(text);
  },
  read,
};
