import { lineOf, parseSource, shortSourceOf, unwrapExpression, type t } from '../../syntax/parse.js';

/**
 * Code-first GraphQL schemas read statically, one file at a time (cached by blob id by the caller):
 * NestJS (`@nestjs/graphql`) and type-graphql classes — `@ObjectType`, `@InterfaceType`,
 * `@InputType`, `@ArgsType` with their `@Field`s, `@Resolver` classes with `@Query`, `@Mutation`,
 * `@Subscription`, `@ResolveField` methods and their `@Args`, `registerEnumType` and
 * `createUnionType`. Nothing is run. {@link assembleSchema} joins the files of one ref by GraphQL
 * name (type names are global in a schema) and writes the SDL the server would serve, each line
 * mapped to the code that defines it.
 *
 * A definition that cannot be read (a type function that is not `() => X` or `() => [X]`, an
 * option that is not a literal, a base class not among the sources) is `unknown` for the schema
 * coordinate it defines, never skipped; a schema built with Pothos, Nexus or `new GraphQLObjectType`
 * is detected and unknown as a whole.
 */

export interface TypeRef {
  /** The name as the code writes it (`Team`, `ID`, `String`): resolved by {@link assembleSchema}. */
  name: string;
  list: boolean;
  nullable: boolean;
  itemsNullable: boolean;
}

export interface ArgDef {
  name: string;
  type: TypeRef;
  defaultValue?: string;
  line: number;
}

export interface FieldDef {
  name: string;
  type?: TypeRef;
  /** Arguments, and `@Args()` classes whose fields are arguments. */
  args: ArgDef[];
  argsClasses: string[];
  line: number;
  defaultValue?: string;
  /** Why the field cannot be read; the field is unknown. */
  unknown?: string;
}

export type ClassKind = 'object' | 'interface' | 'input' | 'args' | 'resolver';

export interface ClassDef {
  /** The class's name in the code. */
  name: string;
  kind: ClassKind;
  /** The GraphQL name (`@ObjectType('Name')`), the class name by default. */
  graphqlName: string;
  extendsName?: string;
  /** How a NestJS mapped type changes the base's fields. */
  mapped?: { omit?: string[]; pick?: string[]; partial?: boolean };
  implementsNames: string[];
  abstract: boolean;
  fields: FieldDef[];
  /** Root fields of a resolver class, by root type. */
  roots: { root: 'Query' | 'Mutation' | 'Subscription'; field: FieldDef }[];
  /** A resolver's type (`@Resolver(() => Team)`), for its `@ResolveField`s. */
  resolverOf?: string;
  resolveFields: FieldDef[];
  line: number;
  unknown?: string;
}

export interface FileSchema {
  file: string;
  classes: ClassDef[];
  enums: { name: string; members: string[]; line: number }[];
  registeredEnums: { name: string; graphqlName: string; line: number }[];
  unions: { name: string; graphqlName: string; members: string[]; line: number }[];
  /** Schemas built another way (Pothos, Nexus, graphql-js objects): unknown as a whole. */
  unread: { line: number; reason: string }[];
}

export type FileReading = { ok: true; schema: FileSchema } | { ok: false; reason: string };

const DECORATOR_MODULES = new Set(['@nestjs/graphql', 'type-graphql']);
const OTHER_BUILDERS: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /from\s+['"]@pothos\/core['"]/, what: 'Pothos (`@pothos/core`)' },
  { pattern: /from\s+['"]nexus['"]/, what: 'Nexus' },
  { pattern: /new\s+GraphQLObjectType\s*\(/, what: 'graphql-js `new GraphQLObjectType`' },
];
/** A file that holds none of these cannot define anything the schema shows. */
const MAY_DEFINE = /@nestjs\/graphql|type-graphql|@pothos\/core|['"]nexus['"]|GraphQLObjectType/;

const CLASS_DECORATORS: Record<string, ClassKind> = {
  ObjectType: 'object',
  InterfaceType: 'interface',
  InputType: 'input',
  ArgsType: 'args',
  Resolver: 'resolver',
};
const ROOTS = { Query: 'Query', Mutation: 'Mutation', Subscription: 'Subscription' } as const;

export function readFileSchema(file: string, text: string): FileReading {
  const schema: FileSchema = { file, classes: [], enums: [], registeredEnums: [], unions: [], unread: [] };
  const mayDefine = MAY_DEFINE.test(text);
  // A TypeScript enum anywhere may be registered as a GraphQL enum by another file.
  if (!mayDefine && !/\benum\s+\w+\s*\{/.test(text)) return { ok: true, schema };
  const parsed = parseSource(file, text);
  if (!parsed.ok) return { ok: false, reason: `${file}:${parsed.line} does not parse: ${parsed.message}` };
  for (const builder of OTHER_BUILDERS) {
    const match = builder.pattern.exec(text);
    if (match) schema.unread.push({ line: text.slice(0, match.index).split('\n').length, reason: `a schema built with ${builder.what} is not read` });
  }
  // Decorator names count only when imported from a GraphQL decorator module (local names included: `Field as F`).
  const local = new Map<string, string>();
  for (const statement of parsed.ast.program.body) {
    if (statement.type !== 'ImportDeclaration' || !DECORATOR_MODULES.has(statement.source.value)) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type === 'ImportSpecifier')
        local.set(specifier.local.name, specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value);
    }
  }
  const reader = new FileReader(text, local);
  for (const statement of parsed.ast.program.body) reader.statement(statement, schema);
  return { ok: true, schema };
}

type Literal = string | number | boolean | null | undefined | { ref: string } | { fn: t.Node } | Literal[] | LiteralRecord;
interface LiteralRecord {
  readonly [key: string]: Literal;
}

class FileReader {
  constructor(
    private readonly text: string,
    private readonly local: ReadonlyMap<string, string>,
  ) {}

  statement(node: t.Node, schema: FileSchema): void {
    let statement = node;
    if ((statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration') && statement.declaration)
      statement = statement.declaration;
    if (statement.type === 'ClassDeclaration') {
      const definition = this.classDef(statement);
      if (definition) schema.classes.push(definition);
    } else if (statement.type === 'TSEnumDeclaration') {
      const members = statement.members.map((member) => (member.id.type === 'Identifier' ? member.id.name : member.id.value));
      schema.enums.push({ name: statement.id.name, members, line: lineOf(statement) });
    } else if (statement.type === 'ExpressionStatement') {
      const call = unwrapExpression(statement.expression);
      if (call.type === 'CallExpression' && this.decoratorName(call.callee) === 'registerEnumType') this.registerEnum(call, schema);
    } else if (statement.type === 'VariableDeclaration') {
      for (const declarator of statement.declarations) {
        const init = declarator.init ? unwrapExpression(declarator.init) : undefined;
        if (declarator.id.type !== 'Identifier' || !init || init.type !== 'CallExpression' || this.decoratorName(init.callee) !== 'createUnionType') continue;
        const options = this.literal(init.arguments[0]);
        const name = isRecord(options) && typeof options.name === 'string' ? options.name : undefined;
        const members = isRecord(options) ? this.typeFunction(options.types) : undefined;
        if (name === undefined || !members || !members.list) {
          schema.unread.push({ line: lineOf(init), reason: `the union \`${shortSourceOf(init, this.text)}\` is not read` });
          continue;
        }
        schema.unions.push({ name: declarator.id.name, graphqlName: name, members: members.names, line: lineOf(init) });
      }
    }
  }

  private registerEnum(call: t.CallExpression, schema: FileSchema): void {
    const [target, options] = call.arguments;
    const value = this.literal(options);
    const name = isRecord(value) && typeof value.name === 'string' ? value.name : undefined;
    if (!target || target.type !== 'Identifier' || name === undefined) {
      schema.unread.push({ line: lineOf(call), reason: `the enum registration \`${shortSourceOf(call, this.text)}\` is not read` });
      return;
    }
    schema.registeredEnums.push({ name: target.name, graphqlName: name, line: lineOf(call) });
  }

  /** The imported decorator a callee names (`Field`, `Query`), under its original name. */
  private decoratorName(callee: t.Node): string | undefined {
    return callee.type === 'Identifier' ? this.local.get(callee.name) : undefined;
  }

  private decorators(node: { decorators?: t.Decorator[] | null }): { name: string; args: t.Node[]; node: t.Node }[] {
    const found: { name: string; args: t.Node[]; node: t.Node }[] = [];
    for (const decorator of node.decorators ?? []) {
      const expression = decorator.expression;
      if (expression.type === 'CallExpression') {
        const name = this.decoratorName(expression.callee);
        if (name) found.push({ name, args: expression.arguments as t.Node[], node: decorator });
      } else {
        const name = this.decoratorName(expression);
        if (name) found.push({ name, args: [], node: decorator });
      }
    }
    return found;
  }

  private classDef(node: t.ClassDeclaration): ClassDef | undefined {
    const decorators = this.decorators(node);
    const kindDecorator = decorators.find((decorator) => CLASS_DECORATORS[decorator.name] !== undefined);
    const name = node.id?.name;
    const hasFields = node.body.body.some((member) => 'decorators' in member && this.decorators(member as { decorators?: t.Decorator[] }).length > 0);
    // A plain base class with `@Field`s is read too: decorated classes extend it.
    if (!name || (!kindDecorator && !hasFields)) return undefined;
    const kind: ClassKind = kindDecorator ? CLASS_DECORATORS[kindDecorator.name]! : 'object';
    const definition: ClassDef = {
      name,
      kind,
      graphqlName: name,
      implementsNames: [],
      abstract: !kindDecorator,
      fields: [],
      roots: [],
      resolveFields: [],
      line: lineOf(node),
      ...(node.superClass ? this.base(node.superClass) : {}),
    };
    if (kindDecorator) this.classOptions(kindDecorator, definition);
    for (const member of node.body.body) {
      if (member.type === 'ClassProperty' && member.key.type === 'Identifier') {
        const field = this.propertyField(member, member.key.name);
        if (field) definition.fields.push(field);
      } else if (member.type === 'ClassMethod' && member.key.type === 'Identifier') {
        this.method(member, member.key.name, definition);
      }
    }
    return definition;
  }

  /** `extends Base`, or a NestJS mapped type of it: `OmitType(User, ['a'])`, `PickType(…)`, `PartialType(…)`. */
  private base(node: t.Node): Pick<ClassDef, 'extendsName' | 'mapped'> {
    const expression = unwrapExpression(node);
    if (expression.type === 'Identifier') return { extendsName: expression.name };
    if (expression.type === 'CallExpression' && expression.callee.type === 'Identifier') {
      const helper = this.decoratorName(expression.callee);
      const [target, keys] = expression.arguments.map((arg) => this.literal(arg as t.Node));
      if (isRef(target) && !isUnread(target)) {
        if (helper === 'PartialType' && keys === undefined) return { extendsName: target.ref, mapped: { partial: true } };
        if ((helper === 'OmitType' || helper === 'PickType') && Array.isArray(keys) && keys.every((key) => typeof key === 'string')) {
          return { extendsName: target.ref, mapped: helper === 'OmitType' ? { omit: keys as string[] } : { pick: keys as string[] } };
        }
      }
    }
    return { extendsName: `?${shortSourceOf(node, this.text)}` };
  }

  private classOptions(decorator: { name: string; args: t.Node[]; node: t.Node }, definition: ClassDef): void {
    const args = decorator.args.map((arg) => this.literal(arg));
    if (definition.kind === 'resolver') {
      const target = args[0];
      if (target === undefined) return;
      const resolved = this.typeFunction(target);
      if (typeof target === 'string') definition.resolverOf = target;
      else if (resolved && !resolved.list) definition.resolverOf = resolved.names[0];
      else definition.unknown = `the resolver's type \`${shortSourceOf(decorator.node, this.text)}\` is not read`;
      return;
    }
    let options: Literal = undefined;
    for (const arg of args) {
      if (typeof arg === 'string') definition.graphqlName = arg;
      else if (isRecord(arg)) options = arg;
      else if (arg !== undefined) definition.unknown = `\`${shortSourceOf(decorator.node, this.text)}\` is not read`;
    }
    if (isRecord(options)) {
      if (typeof options.name === 'string') definition.graphqlName = options.name;
      if (options.isAbstract === true) definition.abstract = true;
      if (options.implements !== undefined) {
        const implemented = Array.isArray(options.implements)
          ? { names: options.implements.map((item: Literal) => (isRef(item) ? item.ref : '?')) }
          : (this.typeFunction(options.implements) ?? (isRef(options.implements) ? { names: [options.implements.ref] } : undefined));
        if (!implemented || implemented.names.includes('?'))
          definition.unknown = `the interfaces of \`${shortSourceOf(decorator.node, this.text)}\` are not read`;
        else definition.implementsNames = implemented.names;
      }
      for (const key of Object.keys(options))
        if (isUnread(options[key]) && ['name', 'isAbstract', 'implements'].includes(key))
          definition.unknown = `the option \`${key}\` of \`${shortSourceOf(decorator.node, this.text)}\` is not read`;
    }
  }

  private propertyField(member: t.ClassProperty, propertyName: string): FieldDef | undefined {
    const decorator = this.decorators(member).find((candidate) => candidate.name === 'Field');
    if (!decorator) return undefined;
    const field: FieldDef = { name: propertyName, args: [], argsClasses: [], line: lineOf(member) };
    this.typed(field, decorator, annotationOf(member.typeAnnotation), 0);
    return field;
  }

  /** A field's type and options from `(typeFn?, options?)` starting at `from`, or from the annotation. */
  private typed(field: FieldDef, decorator: { args: t.Node[]; node: t.Node }, annotation: t.Node | undefined, from: number): void {
    const args = decorator.args.slice(from);
    let typeArg: Literal = undefined;
    let options: Literal = undefined;
    for (const arg of args) {
      const value = this.literal(arg);
      if (isFn(value)) typeArg = value;
      else if (isRecord(value)) options = value;
      else if (value !== undefined) return void (field.unknown = `\`${shortSourceOf(decorator.node, this.text)}\` is not read`);
    }
    const record = isRecord(options) ? options : {};
    for (const key of ['name', 'nullable', 'type', 'defaultValue'])
      if (isUnread(record[key])) return void (field.unknown = `the option \`${key}\` of \`${shortSourceOf(decorator.node, this.text)}\` is not read`);
    if (typeof record.name === 'string') field.name = record.name;
    if (record.type !== undefined) typeArg = record.type;
    const fromFunction = typeArg === undefined ? undefined : this.typeFunction(typeArg);
    if (typeArg !== undefined && !fromFunction) return void (field.unknown = `the type of \`${shortSourceOf(decorator.node, this.text)}\` is not read`);
    const base = fromFunction ? { name: fromFunction.names[0]!, list: fromFunction.list } : annotation ? typeOfAnnotation(annotation) : undefined;
    if (!base)
      return void (field.unknown = `the type of \`${shortSourceOf(decorator.node, this.text)}\` is not given and cannot be taken from the property's type`);
    const nullable = record.nullable;
    if (nullable !== undefined && typeof nullable !== 'boolean' && nullable !== 'items' && nullable !== 'itemsAndList')
      return void (field.unknown = `\`nullable: ${String(nullable)}\` is not read`);
    field.type = {
      name: base.name,
      list: base.list,
      nullable: nullable === true || nullable === 'itemsAndList',
      itemsNullable: nullable === 'items' || nullable === 'itemsAndList',
    };
    if (record.defaultValue !== undefined) {
      const text = defaultText(record.defaultValue);
      if (text === undefined) return void (field.unknown = `the default of \`${shortSourceOf(decorator.node, this.text)}\` is not read`);
      field.defaultValue = text;
    }
  }

  private method(member: t.ClassMethod, methodName: string, definition: ClassDef): void {
    for (const decorator of this.decorators(member)) {
      const root = ROOTS[decorator.name as keyof typeof ROOTS];
      const isResolveField = decorator.name === 'ResolveField' || decorator.name === 'FieldResolver';
      if (!root && !isResolveField && decorator.name !== 'Field') continue;
      const field: FieldDef = { name: methodName, args: [], argsClasses: [], line: lineOf(member) };
      // `@ResolveField('name', () => T)`: a leading string names the field.
      const first = decorator.args[0] ? this.literal(decorator.args[0]) : undefined;
      let from = 0;
      if (typeof first === 'string') {
        field.name = first;
        from = 1;
      }
      if (isResolveField && decorator.args.slice(from).every((arg) => !isFn(this.literal(arg)))) {
        // No type function: it resolves a field the type declares with `@Field` (no schema of its own).
        const options = decorator.args[from] ? this.literal(decorator.args[from]) : undefined;
        if (!isRecord(options) || options.type === undefined) continue;
      }
      this.typed(field, decorator, returnAnnotation(member), from);
      this.parameters(member, field);
      if (root) definition.roots.push({ root, field });
      else if (decorator.name === 'Field') definition.fields.push(field);
      else definition.resolveFields.push(field);
    }
  }

  private parameters(member: t.ClassMethod, field: FieldDef): void {
    for (const parameter of member.params) {
      const node = parameter.type === 'TSParameterProperty' ? parameter.parameter : parameter;
      const decorator = this.decorators(node as { decorators?: t.Decorator[] }).find((candidate) => candidate.name === 'Args' || candidate.name === 'Arg');
      if (!decorator) continue;
      const annotation = annotationOf((node as { typeAnnotation?: t.Node | null }).typeAnnotation);
      const first = decorator.args[0] ? this.literal(decorator.args[0]) : undefined;
      if (first === undefined) {
        // `@Args() args: PaginationArgs`: the class's fields are the arguments.
        const type = annotation ? typeOfAnnotation(annotation) : undefined;
        if (!type || type.list) field.unknown ??= `the arguments class of \`${shortSourceOf(decorator.node, this.text)}\` is not read`;
        else field.argsClasses.push(type.name);
        continue;
      }
      const arg: FieldDef = { name: typeof first === 'string' ? first : '', args: [], argsClasses: [], line: lineOf(decorator.node) };
      // `@Args('name', options?, ...pipes)` or `@Args({ name, type, nullable })`: pipes are not literals and are not schema.
      const optionArgs = typeof first === 'string' ? decorator.args.slice(1, 2).filter((arg) => isRecord(this.literal(arg))) : decorator.args.slice(0, 1);
      this.typed(arg, { args: optionArgs, node: decorator.node }, annotation, 0);
      if (arg.unknown || !arg.type || arg.name === '') {
        field.unknown ??= arg.unknown ?? `the argument \`${shortSourceOf(decorator.node, this.text)}\` is not read`;
        continue;
      }
      field.args.push({ name: arg.name, type: arg.type, line: arg.line, ...(arg.defaultValue !== undefined ? { defaultValue: arg.defaultValue } : {}) });
    }
  }

  /** `() => X`, `() => [X]`, `type => X`, `(of) => X`: the names it returns; `undefined` when it is something else. */
  typeFunction(value: Literal): { names: string[]; list: boolean } | undefined {
    if (!isFn(value)) return undefined;
    const fn = value.fn;
    if (fn.type !== 'ArrowFunctionExpression' || fn.params.length > 1) return undefined;
    let body: t.Node = fn.body;
    if (body.type === 'BlockStatement') {
      const only = body.body.length === 1 ? body.body[0] : undefined;
      if (!only || only.type !== 'ReturnStatement' || !only.argument) return undefined;
      body = only.argument;
    }
    body = unwrapExpression(body);
    // A string is the GraphQL name itself (`@Resolver(() => 'TeamEnvironment')`).
    if (body.type === 'Identifier') return { names: [body.name], list: false };
    if (body.type === 'StringLiteral') return { names: [body.value], list: false };
    if (body.type === 'ArrayExpression') {
      const names = body.elements.map((element) => {
        const item = element ? unwrapExpression(element) : undefined;
        return item?.type === 'Identifier' ? item.name : item?.type === 'StringLiteral' ? item.value : undefined;
      });
      if (names.some((name) => name === undefined) || names.length === 0) return undefined;
      return { names: names as string[], list: true };
    }
    return undefined;
  }

  /** A literal option value; a function is kept as its node; anything else is `unread`. */
  literal(node: t.Node | undefined): Literal {
    if (!node) return undefined;
    const value = unwrapExpression(node);
    switch (value.type) {
      case 'StringLiteral':
      case 'NumericLiteral':
      case 'BooleanLiteral':
        return value.value;
      case 'NullLiteral':
        return null;
      case 'TemplateLiteral':
        return value.expressions.length === 0 ? (value.quasis[0]?.value.cooked ?? '') : UNREAD;
      case 'UnaryExpression':
        return value.operator === '-' && value.argument.type === 'NumericLiteral' ? -value.argument.value : UNREAD;
      case 'Identifier':
        return value.name === 'undefined' ? undefined : { ref: value.name };
      case 'MemberExpression':
        return !value.computed && value.object.type === 'Identifier' && value.property.type === 'Identifier'
          ? { ref: `${value.object.name}.${value.property.name}` }
          : UNREAD;
      case 'ArrowFunctionExpression':
      case 'FunctionExpression':
        return { fn: value };
      case 'ArrayExpression':
        return value.elements.map((element) => (element && element.type !== 'SpreadElement' ? this.literal(element) : UNREAD));
      case 'ObjectExpression': {
        const record: { [key: string]: Literal } = {};
        for (const property of value.properties) {
          if (property.type !== 'ObjectProperty' || property.computed) return UNREAD;
          const key = property.key.type === 'Identifier' ? property.key.name : property.key.type === 'StringLiteral' ? property.key.value : undefined;
          if (key === undefined) return UNREAD;
          record[key] = this.literal(property.value as t.Node);
        }
        return record;
      }
      default:
        return UNREAD;
    }
  }
}

const UNREAD: Literal = { ref: '\0unread' };
function isUnread(value: Literal): boolean {
  return isRef(value) && value.ref === '\0unread';
}
function isRef(value: Literal): value is { ref: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    typeof (value as { ref?: unknown }).ref === 'string' &&
    Object.keys(value).length === 1
  );
}
function isFn(value: Literal): value is { fn: t.Node } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && 'fn' in value && Object.keys(value).length === 1;
}
function isRecord(value: Literal): value is LiteralRecord & { ref?: never; fn?: never } {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isRef(value) && !isFn(value);
}

function annotationOf(node: t.Node | null | undefined): t.Node | undefined {
  return node && node.type === 'TSTypeAnnotation' ? node.typeAnnotation : undefined;
}

function returnAnnotation(member: t.ClassMethod): t.Node | undefined {
  const annotation = annotationOf(member.returnType as t.Node | null | undefined);
  // `Promise<T>`: the field's type is T.
  if (annotation?.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier' && annotation.typeName.name === 'Promise')
    return annotation.typeParameters?.params[0];
  return annotation;
}

/** What NestJS reflects from a property's type without a type function: primitives and class names. */
function typeOfAnnotation(node: t.Node): { name: string; list: boolean } | undefined {
  switch (node.type) {
    case 'TSStringKeyword':
      return { name: 'String', list: false };
    case 'TSNumberKeyword':
      return { name: 'Float', list: false };
    case 'TSBooleanKeyword':
      return { name: 'Boolean', list: false };
    case 'TSTypeReference':
      return node.typeName.type === 'Identifier' && !node.typeParameters ? { name: node.typeName.name, list: false } : undefined;
    case 'TSUnionType': {
      // `string | null`: reflection sees the one type that is not null or undefined.
      const types = node.types.filter((member) => member.type !== 'TSNullKeyword' && member.type !== 'TSUndefinedKeyword');
      return types.length === 1 ? typeOfAnnotation(types[0]!) : undefined;
    }
    default:
      return undefined;
  }
}

function defaultText(value: Literal): string | undefined {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  // An enum member (`SortOptions.TITLE_ASC`) is the value's name in the SDL.
  if (isRef(value) && !isUnread(value) && value.ref.includes('.')) return value.ref.split('.')[1];
  if (Array.isArray(value)) {
    const items = value.map(defaultText);
    return items.every((item) => item !== undefined) ? `[${items.join(', ')}]` : undefined;
  }
  return undefined;
}

// ---- one ref's schema -------------------------------------------------------------------------

/** Built-in and well-known scalars by the name the code writes. */
const SCALARS: Readonly<Record<string, string>> = {
  String: 'String',
  Number: 'Float',
  Boolean: 'Boolean',
  Int: 'Int',
  Float: 'Float',
  ID: 'ID',
  Date: 'DateTime',
  GraphQLISODateTime: 'DateTime',
  GraphQLTimestamp: 'Timestamp',
};
const BUILT_IN = new Set(['String', 'Int', 'Float', 'Boolean', 'ID']);

export interface UnknownCoordinate {
  coordinate: string;
  file: string;
  line: number;
  reason: string;
}

export interface AssembledSchema {
  /** The SDL, one line per definition line, each mapped to its source. */
  sdl: string;
  lines: { file: string; line: number }[];
  unknown: UnknownCoordinate[];
}

/**
 * Joins the files of one ref into SDL. `omit` holds coordinates left out on both sides (unknown on
 * either): the caller makes the surface `unknown` for them instead.
 */
export function assembleSchema(files: readonly FileSchema[], omit: ReadonlySet<string> = new Set()): AssembledSchema {
  const classes = new Map<string, ClassDef & { file: string }>();
  const enums = new Map<string, { members: string[]; file: string; line: number }>();
  const unknown: UnknownCoordinate[] = [];
  for (const file of files) {
    for (const definition of file.classes)
      if (!classes.has(definition.name) || definition.kind !== 'resolver') classes.set(definition.name, { ...definition, file: file.file });
    for (const enumeration of file.enums) enums.set(enumeration.name, { ...enumeration, file: file.file });
    for (const item of file.unread) unknown.push({ coordinate: '*', file: file.file, line: item.line, reason: item.reason });
  }
  const graphqlNames = new Map<string, string>();
  for (const definition of classes.values())
    if (definition.kind !== 'resolver' && definition.kind !== 'args' && !definition.abstract) graphqlNames.set(definition.name, definition.graphqlName);
  const enumTypes = new Map<string, { members: string[]; file: string; line: number }>();
  const unions = new Map<string, { members: string[]; file: string; line: number }>();
  for (const file of files) {
    for (const registered of file.registeredEnums) {
      const declared = enums.get(registered.name);
      if (!declared) {
        unknown.push({
          coordinate: registered.graphqlName,
          file: file.file,
          line: registered.line,
          reason: `the enum ${registered.name} is not declared in the sources read`,
        });
        continue;
      }
      graphqlNames.set(registered.name, registered.graphqlName);
      enumTypes.set(registered.graphqlName, { members: declared.members, file: declared.file, line: declared.line });
    }
    for (const union of file.unions) {
      graphqlNames.set(union.name, union.graphqlName);
      unions.set(union.graphqlName, { members: union.members, file: file.file, line: union.line });
    }
  }

  const out: string[] = [];
  const lines: { file: string; line: number }[] = [];
  const emit = (text: string, file: string, line: number) => {
    out.push(text);
    lines.push({ file, line });
  };
  const scalars = new Set<string>();
  const typeText = (ref: TypeRef): string | undefined => {
    const name = SCALARS[ref.name] ?? graphqlNames.get(ref.name) ?? (/^GraphQL[A-Z]\w*$/.test(ref.name) ? ref.name.slice('GraphQL'.length) : undefined);
    if (name === undefined) return undefined;
    if (!BUILT_IN.has(name) && (SCALARS[ref.name] !== undefined || !graphqlNames.has(ref.name))) scalars.add(name);
    const item = `${name}${ref.list ? (ref.itemsNullable ? '' : '!') : ''}`;
    return ref.list ? `[${item}]${ref.nullable ? '' : '!'}` : `${item}${ref.nullable ? '' : '!'}`;
  };

  /** Fields of a class with those of its base classes (a base not among the sources makes the type unknown). */
  const fieldsOf = (definition: ClassDef & { file: string }, seen = new Set<string>()): { fields: (FieldDef & { file: string })[]; unknown?: string } => {
    const own = definition.fields.map((field) => ({ ...field, file: definition.file }));
    if (!definition.extendsName) return { fields: own };
    const base = classes.get(definition.extendsName);
    if (!base || seen.has(base.name)) return { fields: own, unknown: `its base class ${definition.extendsName} is not among the sources read` };
    seen.add(definition.name);
    const inherited = fieldsOf(base, seen);
    const names = new Set(own.map((field) => field.name));
    const { omit, pick, partial } = definition.mapped ?? {};
    const kept = inherited.fields
      .filter((field) => !names.has(field.name) && !omit?.includes(field.name) && (pick === undefined || pick.includes(field.name)))
      .map((field) => (partial && field.type ? { ...field, type: { ...field.type, nullable: true } } : field));
    return { fields: [...kept, ...own], ...(inherited.unknown ? { unknown: inherited.unknown } : {}) };
  };

  // A type that cannot be read (or is left out) is no type here: fields that return or take it are unknown too.
  const unreadTypes = new Set<string>();
  for (const definition of classes.values()) {
    if (!graphqlNames.has(definition.name)) continue;
    if (definition.unknown || fieldsOf(definition).unknown || omit.has(definition.graphqlName)) {
      graphqlNames.delete(definition.name);
      unreadTypes.add(definition.name);
    }
  }
  const missing = (name: string) => (unreadTypes.has(name) ? `the type ${name} is unknown` : `${name} is not a GraphQL type of the sources read`);

  const fieldLine = (owner: string, field: FieldDef & { file: string }, input: boolean): string | undefined => {
    const coordinate = `${owner}.${field.name}`;
    if (omit.has(coordinate)) return undefined;
    const fail = (reason: string) => void unknown.push({ coordinate, file: field.file, line: field.line, reason });
    if (field.unknown || !field.type) return fail(field.unknown ?? 'its type is not read');
    const type = typeText(field.type);
    if (type === undefined) return fail(`its type: ${missing(field.type.name)}`);
    const args: string[] = [];
    const allArgs: (ArgDef & { file: string })[] = field.args.map((arg) => ({ ...arg, file: field.file }));
    for (const argsClass of field.argsClasses) {
      const definition = classes.get(argsClass);
      if (!definition) return fail(`its arguments class ${argsClass} is not among the sources read`);
      const { fields, unknown: why } = fieldsOf(definition);
      if (why) return fail(`its arguments class ${argsClass}: ${why}`);
      for (const argField of fields) {
        if (argField.unknown || !argField.type) return fail(`the argument ${argField.name} of ${argsClass} is not read: ${argField.unknown ?? 'no type'}`);
        allArgs.push({
          name: argField.name,
          type: argField.type,
          line: argField.line,
          file: argField.file,
          ...(argField.defaultValue !== undefined ? { defaultValue: argField.defaultValue } : {}),
        });
      }
    }
    for (const arg of allArgs) {
      const argType = typeText(arg.type);
      if (argType === undefined) return fail(`its argument ${arg.name}: ${missing(arg.type.name)}`);
      args.push(`${arg.name}: ${argType}${arg.defaultValue !== undefined ? ` = ${arg.defaultValue}` : ''}`);
    }
    const defaultPart = input && field.defaultValue !== undefined ? ` = ${field.defaultValue}` : '';
    return `  ${field.name}${args.length > 0 && !input ? `(${args.join(', ')})` : ''}: ${type}${defaultPart}`;
  };

  // Object, interface and input types, with the fields resolvers add to them.
  const resolved = new Map<string, (FieldDef & { file: string })[]>();
  const rootFields: Record<'Query' | 'Mutation' | 'Subscription', (FieldDef & { file: string })[]> = { Query: [], Mutation: [], Subscription: [] };
  for (const definition of classes.values()) {
    if (definition.kind !== 'resolver') continue;
    if (definition.unknown) {
      unknown.push({ coordinate: `${definition.name}`, file: definition.file, line: definition.line, reason: definition.unknown });
      continue;
    }
    for (const { root, field } of definition.roots) rootFields[root].push({ ...field, file: definition.file });
    if (definition.resolveFields.length === 0) continue;
    const target = definition.resolverOf ? (graphqlNames.get(definition.resolverOf) ?? definition.resolverOf) : undefined;
    if (target === undefined) {
      for (const field of definition.resolveFields)
        unknown.push({
          coordinate: `?.${field.name}`,
          file: definition.file,
          line: field.line,
          reason: `the resolver ${definition.name} names no type for its field resolvers`,
        });
      continue;
    }
    resolved.set(target, [...(resolved.get(target) ?? []), ...definition.resolveFields.map((field) => ({ ...field, file: definition.file }))]);
  }
  const sorted = [...classes.values()]
    .filter(
      (definition) =>
        definition.kind !== 'resolver' &&
        definition.kind !== 'args' &&
        !definition.abstract &&
        !(omit.has(definition.graphqlName) && unreadTypes.has(definition.name)),
    )
    .sort((a, b) => (a.graphqlName < b.graphqlName ? -1 : a.graphqlName > b.graphqlName ? 1 : 0));
  for (const definition of sorted) {
    const name = definition.graphqlName;
    if (omit.has(name)) continue;
    const { fields, unknown: why } = fieldsOf(definition);
    if (definition.unknown || why) {
      unknown.push({ coordinate: name, file: definition.file, line: definition.line, reason: definition.unknown ?? why! });
      continue;
    }
    const input = definition.kind === 'input';
    const keyword = input ? 'input' : definition.kind === 'interface' ? 'interface' : 'type';
    const interfaces = definition.implementsNames.map((item) => graphqlNames.get(item) ?? item);
    const byName = new Map<string, FieldDef & { file: string }>();
    for (const field of [...fields, ...(resolved.get(name) ?? [])]) byName.set(field.name, field);
    const rendered = [...byName.values()].map((field) => ({ field, text: fieldLine(name, field, input) })).filter((entry) => entry.text !== undefined);
    if (rendered.length === 0) continue;
    emit(`${keyword} ${name}${interfaces.length > 0 ? ` implements ${interfaces.join(' & ')}` : ''} {`, definition.file, definition.line);
    for (const { field, text } of rendered) emit(text!, field.file, field.line);
    emit('}', definition.file, definition.line);
  }
  for (const root of ['Query', 'Mutation', 'Subscription'] as const) {
    const rendered = rootFields[root].map((field) => ({ field, text: fieldLine(root, field, false) })).filter((entry) => entry.text !== undefined);
    if (rendered.length === 0) continue;
    emit(`type ${root} {`, rendered[0]!.field.file, rendered[0]!.field.line);
    for (const { field, text } of rendered) emit(text!, field.file, field.line);
    emit('}', rendered[0]!.field.file, rendered[0]!.field.line);
  }
  for (const [name, enumeration] of [...enumTypes].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (omit.has(name)) continue;
    emit(`enum ${name} { ${enumeration.members.join(' ')} }`, enumeration.file, enumeration.line);
  }
  for (const [name, union] of [...unions].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (omit.has(name)) continue;
    const members = union.members.map((member) => graphqlNames.get(member));
    if (members.some((member) => member === undefined)) {
      unknown.push({ coordinate: name, file: union.file, line: union.line, reason: 'a member of the union is not a type of the sources read' });
      continue;
    }
    emit(`union ${name} = ${members.join(' | ')}`, union.file, union.line);
  }
  for (const scalar of [...scalars].sort()) emit(`scalar ${scalar}`, '', 0);
  return { sdl: out.join('\n'), lines, unknown };
}
