import { moduleBindings } from '../../../../syntax/bindings.js';
import { ConstantEvaluator, type Constant } from '../../../../syntax/constants.js';
import { lineOf, literalKeyName, propertyKeyName, shortSourceOf, unwrapExpression, walk, type t } from '../../../../syntax/parse.js';

/**
 * What the decorator-based ORM readers (TypeORM, MikroORM, sequelize-typescript) share: the
 * classes of a file with their decorators bound to the package they were imported from, and
 * options read from decorator arguments by constant evaluation within the file. A name imported
 * from another module is not evaluated (the reader is a pure function of one file), so it is
 * unknown and the reader fails closed on it.
 */

export interface BoundDecorator {
  /** The exported name in its package (`Entity` of `import { Entity as E } from 'typeorm'`). */
  readonly name: string;
  /** The package or path it was imported from. */
  readonly from: string;
  /** Undefined for a bare decorator (`@Column`), the arguments for a call (`@Column()`). */
  readonly args: readonly t.Node[] | undefined;
  readonly line: number;
}

export interface DecoratedMember {
  readonly name: string;
  readonly line: number;
  readonly decorators: readonly BoundDecorator[];
}

export interface DecoratedClass {
  readonly name: string | undefined;
  readonly line: number;
  readonly decorators: readonly BoundDecorator[];
  readonly members: readonly DecoratedMember[];
  /** `extends X`: the superclass as written, undefined when none. */
  readonly superClass: t.Node | undefined;
  readonly node: t.Class;
}

export interface FileClasses {
  readonly classes: readonly DecoratedClass[];
  /** Local name → import (ES import or `require`). */
  readonly imports: ReadonlyMap<string, { readonly from: string; readonly imported: string }>;
  /** Classes declared at any level of the file by name (for bases declared in the same file). */
  readonly byName: ReadonlyMap<string, DecoratedClass>;
  readonly evaluate: (node: t.Node) => Constant | undefined;
  readonly text: string;
}

function bind(expression: t.Node, args: readonly t.Node[] | undefined, line: number, imports: FileClasses['imports']): BoundDecorator | undefined {
  const callee = unwrapExpression(expression);
  if (callee.type === 'Identifier') {
    const imported = imports.get(callee.name);
    return imported ? { name: imported.imported, from: imported.from, args, line } : { name: callee.name, from: '', args, line };
  }
  if (callee.type === 'MemberExpression' && !callee.computed && callee.object.type === 'Identifier' && callee.property.type === 'Identifier') {
    const namespace = imports.get(callee.object.name);
    if (namespace?.imported === '*') return { name: callee.property.name, from: namespace.from, args, line };
  }
  return undefined;
}

export function decoratorsOf(node: { decorators?: t.Decorator[] | null }, imports: FileClasses['imports']): BoundDecorator[] {
  const bound: BoundDecorator[] = [];
  for (const decorator of node.decorators ?? []) {
    const expression = unwrapExpression(decorator.expression);
    const found =
      expression.type === 'CallExpression'
        ? bind(expression.callee, expression.arguments as t.Node[], lineOf(decorator), imports)
        : bind(expression, undefined, lineOf(decorator), imports);
    if (found) bound.push(found);
  }
  return bound;
}

export function readClasses(path: string, ast: t.File, text: string): FileClasses {
  const imports = new Map<string, { from: string; imported: string }>();
  for (const binding of moduleBindings(ast).imports) if (!binding.typeOnly) imports.set(binding.local, { from: binding.specifier, imported: binding.imported });
  const classes: DecoratedClass[] = [];
  walk(ast, (node) => {
    if (node.type !== 'ClassDeclaration' && node.type !== 'ClassExpression') return;
    const members: DecoratedMember[] = [];
    for (const member of node.body.body) {
      if (member.type !== 'ClassProperty' && member.type !== 'ClassAccessorProperty' && member.type !== 'ClassMethod') continue;
      if (member.type === 'ClassMethod' && member.kind !== 'get' && member.kind !== 'set') continue;
      if (member.static) continue;
      const decorators = decoratorsOf(member, imports);
      if (decorators.length === 0) continue;
      const name = member.computed ? propertyKeyName(member.key, true) : literalKeyName(member);
      // Cited at the property's name (a decorator above it may span lines).
      members.push({ name: name ?? `[${shortSourceOf(member.key, text, 40)}]`, line: lineOf(member.key), decorators });
    }
    classes.push({
      name: node.id?.name,
      line: lineOf(node.id ?? node),
      decorators: decoratorsOf(node, imports),
      members,
      superClass: node.superClass ?? undefined,
      node,
    });
  });
  const evaluator = new ConstantEvaluator({ load: (wanted) => (wanted === path ? { path, ast } : undefined), resolve: () => undefined });
  const byName = new Map<string, DecoratedClass>();
  for (const found of classes) if (found.name !== undefined && !byName.has(found.name)) byName.set(found.name, found);
  return { classes, imports, byName, evaluate: (node) => evaluator.evaluate(path, node), text };
}

/** An option of a decorator: absent, a constant, or present but not a constant (or possibly hidden in a spread). */
export type OptionValue =
  { readonly kind: 'absent' } | { readonly kind: 'known'; readonly value: Constant } | { readonly kind: 'unknown'; readonly why: string };

function isObject(value: Constant | undefined): value is { readonly [key: string]: Constant } {
  return value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The option `key` from the object arguments of a decorator call (`@Column('text', { name: 'x' })`).
 * `typeArgument` says which non-object arguments are harmless (a type such as `'varchar'` or
 * `DataType.STRING`, a target `() => User`); any other argument that is not a constant could be an
 * options object from elsewhere, so the option is unknown.
 */
export function decoratorOption(file: FileClasses, args: readonly t.Node[] | undefined, key: string, typeArgument: (node: t.Node) => boolean): OptionValue {
  let unknown: string | undefined;
  for (const raw of args ?? []) {
    const arg = unwrapExpression(raw);
    if (arg.type === 'ObjectExpression') {
      let hidden: string | undefined;
      for (const property of arg.properties) {
        if (property.type === 'SpreadElement') {
          const spread = file.evaluate(property.argument);
          if (!isObject(spread)) hidden = `\`${shortSourceOf(property, file.text, 40)}\` not read`;
          else if (Object.hasOwn(spread, key)) return { kind: 'known', value: spread[key]! };
          continue;
        }
        const name = property.computed ? stringOf(file.evaluate(property.key)) : literalKeyName(property);
        if (name === undefined) {
          hidden = `\`${shortSourceOf(property.key, file.text, 40)}\` not read`;
          continue;
        }
        if (name !== key) continue;
        if (property.type !== 'ObjectProperty') return { kind: 'unknown', why: `\`${key}\` is a method` };
        const value = file.evaluate(property.value);
        return value === undefined
          ? { kind: 'unknown', why: `\`${key}: ${shortSourceOf(property.value, file.text, 50)}\` is not a constant` }
          : { kind: 'known', value };
      }
      if (hidden) unknown = hidden;
      continue;
    }
    if (typeArgument(arg)) continue;
    const value = file.evaluate(arg);
    if (isObject(value)) {
      if (Object.hasOwn(value, key)) return { kind: 'known', value: value[key]! };
    } else if (value === undefined) unknown = `argument \`${shortSourceOf(arg, file.text, 50)}\` not read`;
  }
  return unknown ? { kind: 'unknown', why: unknown } : { kind: 'absent' };
}

export function stringOf(value: Constant | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** True for what only names a type or a target: arrows/functions (`() => User`), member types (`DataType.STRING`), calls (`DataType.ARRAY(…)`). */
export function isTypeLike(node: t.Node): boolean {
  return (
    node.type === 'ArrowFunctionExpression' ||
    node.type === 'FunctionExpression' ||
    node.type === 'MemberExpression' ||
    node.type === 'CallExpression' ||
    node.type === 'StringLiteral' ||
    node.type === 'TemplateLiteral' ||
    node.type === 'NumericLiteral' ||
    node.type === 'BooleanLiteral'
  );
}

/** The first argument's string value when it is a constant string (`@Entity('users')`), `null` when it is there but not a constant. */
export function firstStringArgument(file: FileClasses, args: readonly t.Node[] | undefined): string | null | undefined {
  const first = args?.[0];
  if (!first) return undefined;
  const arg = unwrapExpression(first);
  if (arg.type === 'ObjectExpression') return undefined;
  const value = file.evaluate(arg);
  if (typeof value === 'string') return value;
  if (isObject(value)) return undefined;
  return null;
}

export function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}

/**
 * The classes whose members make a model's columns: the class, then its bases declared in this
 * file. The chain ends at the ORM's own base (`isOrmPackage`), or at a base imported by a relative
 * path: that base is a file of the repository the scan reads itself, where every column it maps is
 * written as a word (an explicit name, or the property whose camel/snake forms the lookup compares
 * as one name), so the lookup finds it as a mention; what that file cannot name is a dynamic mark
 * of its own ({@link BASE_CLASS}). Any other base (a package, an alias, a mixin call) is
 * `foreignBase`: the caller fails closed for the model's tables.
 */
export function classChain(
  file: FileClasses,
  found: DecoratedClass,
  isOrmPackage: (from: string) => boolean,
): { chain: DecoratedClass[]; foreignBase?: { name: string; line: number } } {
  const chain: DecoratedClass[] = [];
  let current: DecoratedClass | undefined = found;
  while (current && !chain.includes(current)) {
    chain.push(current);
    const superClass: t.Node | undefined = current.superClass && unwrapExpression(current.superClass);
    if (!superClass) return { chain };
    if (superClass.type === 'Identifier') {
      const imported = file.imports.get(superClass.name);
      if (imported && (isOrmPackage(imported.from) || imported.from.startsWith('./') || imported.from.startsWith('../'))) return { chain };
      const local: DecoratedClass | undefined = imported ? undefined : file.byName.get(superClass.name);
      if (local) {
        current = local;
        continue;
      }
    }
    return { chain, foreignBase: { name: shortSourceOf(superClass, file.text, 40), line: lineOf(superClass) } };
  }
  return { chain };
}

/** Marks a base class (columns, no table): what it cannot name is unknown for every table, as the tables that extend it are in other files. */
export const BASE_CLASS = 'a base class of models';
