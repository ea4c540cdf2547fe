import { lineOf, staticString, walk, type t } from '../../../syntax/parse.js';
import type { McpTool } from '../snapshot.js';
import { readSnapshot } from '../snapshot.js';
import { Evaluator, excerpt, isCall, propertyAccess, UnboundParameter } from './evaluate.js';
import { loadProgram, type Program, type SourceFile } from './program.js';
import type { ModuleLayout } from '../../../syntax/modules.js';
import { DeferredArgument, EMPTY_ENV, FunctionValue, isPlainObject, isZod, kindOf, type Env, type PlainObject, type Value } from './values.js';
import { toJson } from './zod-build.js';
import { Unconvertible, ZodSchema } from './zod-model.js';
import { EMPTY_OBJECT_JSON_SCHEMA, toolJsonSchema, type PipeStrategy } from './zod-json-schema.js';

/**
 * The tools an MCP server registers in its sources, read statically: `server.registerTool(name,
 * config, handler)`, the older `server.tool(name, description?, shape?, annotations?, handler)`, and
 * `setRequestHandler(ListToolsRequestSchema, …)` returning a literal list. Every call counts, also
 * one behind a condition (a scope check): the tool exists in some deployment.
 */

export interface CodeTool {
  name: string;
  file: string;
  line: number;
  /** The tool as `tools/list` shows it; absent when part of it could not be read. */
  tool?: McpTool;
  /** Why the tool could not be read (the expression and where). */
  unknown?: string;
  /**
   * The named function its registration sits in (`function registerUserTools(server) { server.tool(…) }`),
   * and whether a file read calls it: `unknown` when the function is also used as a value (its calls
   * cannot all be seen). A function called at one ref and no more at the other stops registering its
   * tools (stage.ts).
   */
  registeredIn?: { function: string; called: boolean | 'unknown' };
}

/** `unparsed`: the file that does not parse, when that is why (a reader may skip it if it is identical at both refs). */
export type ToolExtraction = { ok: true; tools: CodeTool[] } | { ok: false; reasons: string[]; unparsed?: string };

const REGISTRATION_METHODS = new Set(['registerTool', 'tool', 'setRequestHandler']);
/** A file that can hold no registration is not walked (`server['tool'](…)` included). */
const MAY_REGISTER = /registerTool|ListToolsRequestSchema|\btool\b/;
/** What a kept tool handle can do to the tool list after the registration (the SDK's RegisteredTool). */
const HANDLE_METHODS = new Set(['update', 'remove', 'disable', 'enable']);
const EMPTY_SHAPE_JSON_SCHEMA = { type: 'object', properties: {}, $schema: 'http://json-schema.org/draft-07/schema#' };

/** Parses one ref's closure (sources and the files they import) and reads its tools. */
export function extractToolsFromTexts(sources: readonly string[], texts: ReadonlyMap<string, string>, layout?: ModuleLayout): ToolExtraction {
  const program = loadProgram(sources, texts, layout);
  if (!('sources' in program)) return { ok: false, reasons: [`${program.path}:${program.line} does not parse: ${program.message}`], unparsed: program.path };
  try {
    return extractTools(program);
  } finally {
    program.release();
  }
}

type CallExpression = t.CallExpression | t.OptionalCallExpression;

export function extractTools(program: Program): ToolExtraction {
  const evaluator = new Evaluator(program);
  const tools: CodeTool[] = [];
  const reasons: string[] = [];
  for (const file of program.files) {
    if (!MAY_REGISTER.test(file.text)) continue;
    for (const call of registrationCalls(file)) {
      const method = registrationMethod(program, call);
      if (!method) continue;
      if (method === 'setRequestHandler') readToolList(evaluator, program, call, tools, reasons);
      else readRegistration(evaluator, program, call, method, tools, reasons);
    }
  }
  if (reasons.length > 0) return { ok: false, reasons };
  return { ok: true, tools: mergeDuplicates(tools) };
}

/** Whether the parser saw parentheses around the node (the compiler kept them as a node of their own). */
function parenthesized(node: t.Node): boolean {
  return (node.extra as { parenthesized?: boolean } | undefined)?.parenthesized === true;
}

/** Calls of `.registerTool/.tool/.setRequestHandler` (also `['registerTool']`), in source order. */
function registrationCalls(file: SourceFile): CallExpression[] {
  const found: CallExpression[] = [];
  walk(file.ast, (node) => {
    if (isCall(node) && !parenthesized(node.callee)) {
      const name = calledMethod(node.callee);
      if (name !== undefined && REGISTRATION_METHODS.has(name)) found.push(node);
    }
  });
  return found;
}

/** The method a callee names: `a.b`, `a?.b`, `a['b']`. */
function calledMethod(callee: t.Node): string | undefined {
  const access = propertyAccess(callee);
  if (access) return access.name;
  if ((callee.type === 'MemberExpression' || callee.type === 'OptionalMemberExpression') && callee.computed) return staticString(callee.property);
  return undefined;
}

/** The node's source as written, parentheses around it included (as the compiler's child node was). */
function textWithParentheses(program: Program, node: t.Node): string {
  const { text } = program.fileOf(node);
  const extra = node.extra as { parenthesized?: boolean; parenStart?: number } | undefined;
  if (node.start == null || node.end == null) return '';
  if (!extra?.parenthesized || typeof extra.parenStart !== 'number') return text.slice(node.start, node.end);
  const opening = [...text.slice(extra.parenStart, node.start)].filter((character) => character === '(').length;
  let end = node.end;
  for (let closed = 0; closed < opening && end < text.length; end += 1) if (text[end] === ')') closed += 1;
  return text.slice(extra.parenStart, end);
}

function registrationMethod(program: Program, call: CallExpression): 'registerTool' | 'tool' | 'setRequestHandler' | undefined {
  const name = calledMethod(call.callee);
  if (name === undefined || !REGISTRATION_METHODS.has(name)) return undefined;
  const args = call.arguments;
  if (name === 'setRequestHandler') return args[0] && isListToolsSchema(program, args[0]) ? name : undefined;
  const spread = args.some((argument) => argument.type === 'SpreadElement');
  if (args.length < 2 && !spread) return undefined;
  // `.tool(…)` is a common name, but every SDK overload ends in the handler, and a handler may be
  // anything that yields a function (`withErrors(async …)`, `this.handle.bind(this)`, `dev ? a : b`):
  // only a call that ends in a value that cannot be a function is something else.
  if (name === 'tool' && !spread && NOT_A_FUNCTION.has(args.at(-1)!.type)) return undefined;
  return name as 'registerTool' | 'tool';
}

/** Expressions whose value is never a function: a `.tool(…)` call ending in one is not a registration. */
const NOT_A_FUNCTION = new Set([
  'StringLiteral',
  'NumericLiteral',
  'BooleanLiteral',
  'NullLiteral',
  'TemplateLiteral',
  'ObjectExpression',
  'ArrayExpression',
  'RegExpLiteral',
  'BigIntLiteral',
]);

/** `ListToolsRequestSchema`, `types.ListToolsRequestSchema`, or a local name it was imported under. */
function isListToolsSchema(program: Program, node: t.Node): boolean {
  if (textWithParentheses(program, node).endsWith('ListToolsRequestSchema')) return true;
  if (node.type !== 'Identifier') return false;
  return program
    .fileOf(node)
    .ast.program.body.some(
      (statement) =>
        statement.type === 'ImportDeclaration' &&
        statement.specifiers.some(
          (binding) => binding.type === 'ImportSpecifier' && binding.local.name === node.name && sourceName(binding.imported) === 'ListToolsRequestSchema',
        ),
    );
}

/**
 * Why a registration's handle may change the tool after it is registered (kept in a variable whose
 * `update()`, `disable()`, `remove()` or `enable()` is called, or stored or handed on where it cannot
 * be followed); undefined when the handle is dropped, returned, or only read.
 */
function keptHandle(program: Program, call: CallExpression): string | undefined {
  let target: t.Node = call;
  let parent = program.parentOf(target);
  while (
    parent &&
    (parent.type === 'AwaitExpression' ||
      parent.type === 'TSAsExpression' ||
      parent.type === 'TSNonNullExpression' ||
      parent.type === 'TSSatisfiesExpression' ||
      parent.type === 'ParenthesizedExpression')
  ) {
    target = parent;
    parent = program.parentOf(target);
  }
  // Dropped (a statement), returned, or an arrow's result (`tools.forEach((t) => server.tool(…))`): nothing here changes it.
  if (
    !parent ||
    parent.type === 'ExpressionStatement' ||
    parent.type === 'ReturnStatement' ||
    parent.type === 'ArrowFunctionExpression' ||
    parent.type === 'UnaryExpression'
  )
    return undefined;
  const file = program.fileOf(call);
  const where = `${program.pathOf(file)}:${lineOf(parent)}`;
  const changes = `a later update(), disable() or remove() may change what tools/list shows`;
  if (parent.type !== 'VariableDeclarator' || parent.id.type !== 'Identifier')
    return `the registered tool is kept (\`${excerpt(parent, file, 80)}\`, ${where}): ${changes}`;
  const name = parent.id.name;
  let problem: string | undefined;
  walk(file.ast, (node, nodeParent) => {
    if (problem !== undefined) return false;
    if (node.type !== 'Identifier' || node.name !== name || node === (parent as t.VariableDeclarator).id || !nodeParent) return;
    // A property named like the handle, or a key: not the handle.
    if ((nodeParent.type === 'MemberExpression' || nodeParent.type === 'OptionalMemberExpression') && nodeParent.property === node && !nodeParent.computed)
      return;
    if (nodeParent.type === 'ObjectProperty' && nodeParent.key === node && !nodeParent.computed && !nodeParent.shorthand) return;
    const access =
      (nodeParent.type === 'MemberExpression' || nodeParent.type === 'OptionalMemberExpression') && nodeParent.object === node
        ? calledMethod(nodeParent)
        : undefined;
    if (access !== undefined && !HANDLE_METHODS.has(access)) return;
    problem = `the registered tool is kept in \`${name}\` (${where}) and ${access !== undefined ? `its ${access}() is called` : 'handed on'} at ${program.pathOf(file)}:${lineOf(node)}: ${changes}`;
  });
  return problem;
}

interface Site {
  file: string;
  line: number;
}

type Registration = { kind: 'tool'; tool: CodeTool } | { kind: 'unreadable'; reason: string } | { kind: 'parameter'; parameter: t.Node; message: string };

function readRegistration(
  evaluator: Evaluator,
  program: Program,
  call: CallExpression,
  method: 'registerTool' | 'tool',
  tools: CodeTool[],
  reasons: string[],
): void {
  const site = { file: program.pathOf(program.fileOf(call)), line: lineOf(call) };
  if (call.arguments.some((argument) => argument.type === 'SpreadElement')) {
    // `server.registerTool(...defineTool('a'))`: which argument is the name is not known without running it.
    reasons.push(`the tool registered at ${site.file}:${site.line} could not be read: its arguments are spread (\`${evaluator.excerpt(call)}\`)`);
    return;
  }
  const direct = registrationAt(evaluator, call, method, EMPTY_ENV, site);
  const kept = direct.kind === 'tool' ? keptHandle(program, call) : undefined;
  const registrar = direct.kind === 'tool' ? registrarOf(program, call) : undefined;
  const registeredIn = registrar === undefined ? {} : { registeredIn: registrar };
  if (direct.kind === 'tool' && kept !== undefined)
    tools.push({ name: direct.tool.name, file: direct.tool.file, line: direct.tool.line, unknown: kept, ...registeredIn });
  else if (direct.kind === 'tool') tools.push({ ...direct.tool, ...registeredIn });
  else if (direct.kind === 'unreadable') reasons.push(direct.reason);
  else readWrapperCalls(evaluator, program, call, method, direct, tools, reasons);
}

/** The tool a registration call defines when its parameters (if inside a wrapper) hold `env`; `site` is where the tool is defined. */
function registrationAt(evaluator: Evaluator, call: CallExpression, method: 'registerTool' | 'tool', env: Env, site: Site): Registration {
  const [nameArgument] = call.arguments;
  let name: Value;
  try {
    name = evaluator.evaluate(nameArgument!, env);
  } catch (error) {
    if (error instanceof UnboundParameter && env === EMPTY_ENV) return { kind: 'parameter', parameter: error.parameter, message: error.message };
    return { kind: 'unreadable', reason: `the name of the tool registered at ${site.file}:${site.line} could not be read: ${message(error)}` };
  }
  if (typeof name !== 'string')
    return { kind: 'unreadable', reason: `the name of the tool registered at ${site.file}:${site.line} is ${kindOf(name)}, not a string` };
  try {
    const tool = method === 'registerTool' ? fromRegisterTool(evaluator, call, name, env) : fromToolOverloads(evaluator, call, name, env);
    return { kind: 'tool', tool: { name, ...site, tool } };
  } catch (error) {
    if (error instanceof UnboundParameter && env === EMPTY_ENV) return { kind: 'parameter', parameter: error.parameter, message: error.message };
    if (!(error instanceof Unconvertible)) throw error;
    return { kind: 'tool', tool: { name, ...site, unknown: error.message } };
  }
}

/**
 * The named function a registration sits in (the nearest enclosing function, when it has a name) and
 * whether a file read calls it; undefined at a file's top level or in an anonymous function.
 */
function registrarOf(program: Program, call: CallExpression): CodeTool['registeredIn'] {
  let fn: t.Node | undefined = program.parentOf(call);
  while (
    fn &&
    !(
      fn.type === 'FunctionDeclaration' ||
      fn.type === 'ArrowFunctionExpression' ||
      fn.type === 'FunctionExpression' ||
      fn.type === 'ObjectMethod' ||
      fn.type === 'ClassMethod'
    )
  )
    fn = program.parentOf(fn);
  const name = fn ? functionName(program, fn) : undefined;
  if (!fn || !name) return undefined;
  // Every tool of one registration function asks the same question: answered once per function.
  const known = registrars.get(fn);
  if (known !== undefined) return known;
  let called: boolean | 'unknown' = false;
  for (const { identifier, parent } of identifierUses(program).get(name) ?? []) {
    const use = useOf(program, identifier, parent);
    if (use === 'declaration') continue;
    if (typeof use === 'string') {
      called = 'unknown';
      break;
    }
    if (!isAncestor(program, fn, use)) called = true;
  }
  const registrar = { function: name, called };
  registrars.set(fn, registrar);
  return registrar;
}
const registrars = new WeakMap<t.Node, NonNullable<CodeTool['registeredIn']>>();

/** Every identifier of the program's files by name, with its parent: one walk of each file serves every helper and registration function looked up. */
function identifierUses(program: Program): Map<string, Array<{ identifier: t.Identifier; parent: t.Node | undefined }>> {
  let index = identifierIndexes.get(program);
  if (index !== undefined) return index;
  index = new Map();
  for (const file of program.files) {
    walk(file.ast, (node, parent) => {
      if (node.type !== 'Identifier') return;
      // A shorthand `{ name }` holds the name twice (key and value): count it once.
      if (parent?.type === 'ObjectProperty' && parent.shorthand && parent.key === node) return;
      const uses = index!.get(node.name) ?? [];
      uses.push({ identifier: node, parent });
      index!.set(node.name, uses);
    });
  }
  identifierIndexes.set(program, index);
  return index;
}
const identifierIndexes = new WeakMap<Program, Map<string, Array<{ identifier: t.Identifier; parent: t.Node | undefined }>>>();

function isAncestor(program: Program, ancestor: t.Node, node: t.Node): boolean {
  for (let current = program.parentOf(node); current; current = program.parentOf(current)) if (current === ancestor) return true;
  return false;
}

/**
 * A registration inside a helper that takes the name or the schema as parameters
 * (`registerReadOnlyTool(server, 'list_documents', shape, handler)`): one tool per call of the
 * helper in the files read, defined where it is called. Calls that cannot all be seen (the helper
 * passed as a value, imported under another name, or never called in the files read) make the set
 * unreadable rather than incomplete.
 */
function readWrapperCalls(
  evaluator: Evaluator,
  program: Program,
  call: CallExpression,
  method: 'registerTool' | 'tool',
  unbound: { parameter: t.Node; message: string },
  tools: CodeTool[],
  reasons: string[],
): void {
  const where = `${program.pathOf(program.fileOf(call))}:${lineOf(call)}`;
  const wrapper = program.parentOf(unbound.parameter);
  const wrapperName = wrapper ? functionName(program, wrapper) : undefined;
  if (
    !wrapper ||
    !wrapperName ||
    !(wrapper.type === 'FunctionDeclaration' || wrapper.type === 'ArrowFunctionExpression' || wrapper.type === 'FunctionExpression') ||
    !isAncestor(program, wrapper, call)
  ) {
    reasons.push(
      `the tool registered at ${where} could not be read: ${unbound.message} (not a named helper whose calls can be followed: tools built in a loop or a callback are not read)`,
    );
    return;
  }
  const sites: CallExpression[] = [];
  for (const { identifier, parent } of identifierUses(program).get(wrapperName) ?? []) {
    const use = useOf(program, identifier, parent);
    if (use === 'declaration') continue;
    if (typeof use === 'string') {
      reasons.push(
        `the tools registered by ${wrapperName} (${where}) could not all be found: ${use} at ${program.pathOf(program.fileOf(identifier))}:${lineOf(identifier)}`,
      );
      return;
    }
    if (!isAncestor(program, wrapper, use)) sites.push(use);
  }
  if (sites.length === 0) {
    reasons.push(
      `the tool registered at ${where} takes its definition from the parameters of ${wrapperName}, which no file read calls (add the files that call it to mcpTools.sources)`,
    );
    return;
  }
  const parameters = wrapper.params;
  for (const site of sites) {
    const env = new Map<t.Node, Value>();
    const args = site.arguments;
    parameters.forEach((parameter, index) => {
      const argument = args[index] ?? (parameter.type === 'AssignmentPattern' ? parameter.right : undefined);
      if (argument) env.set(parameter, new DeferredArgument(argument, argument === args[index] ? EMPTY_ENV : env));
      else env.set(parameter, undefined);
    });
    const registration = registrationAt(evaluator, call, method, env, { file: program.pathOf(program.fileOf(site)), line: lineOf(site) });
    if (registration.kind === 'tool') tools.push(registration.tool);
    else if (registration.kind === 'unreadable') reasons.push(registration.reason);
  }
}

function functionName(program: Program, fn: t.Node): string | undefined {
  if (fn.type === 'FunctionDeclaration') return fn.id?.name;
  const parent = program.parentOf(fn);
  return parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier' ? parent.id.name : undefined;
}

/** How a file uses the helper's name: its declaration, a call (returned), or a use that hides calls (described). */
function useOf(program: Program, identifier: t.Identifier, parent: t.Node | undefined): 'declaration' | CallExpression | string {
  if (!parent) return 'declaration';
  if ((parent.type === 'FunctionDeclaration' || parent.type === 'TSDeclareFunction' || parent.type === 'VariableDeclarator') && parent.id === identifier)
    return 'declaration';
  if (parent.type === 'ImportSpecifier' || parent.type === 'ExportSpecifier') {
    // The name imported or exported (`a` of `a as b`) is the helper's own name; an alias is another.
    const own = parent.type === 'ImportSpecifier' ? parent.imported : parent.local;
    const alias = parent.type === 'ImportSpecifier' ? parent.local : parent.exported;
    const aliased = sourceName(own) !== sourceName(alias) || own.start !== alias.start;
    if (aliased && own === identifier) {
      const text = program.fileOf(parent).text.slice(parent.start ?? 0, parent.end ?? 0);
      return `it is imported or exported under another name (\`${text}\`)`;
    }
    return 'declaration';
  }
  if (isCall(parent) && parent.callee === identifier) return parent;
  if ((parent.type === 'MemberExpression' || parent.type === 'OptionalMemberExpression') && !parent.computed && parent.property === identifier) {
    const outer = program.parentOf(parent);
    if (outer && isCall(outer) && outer.callee === parent) return outer;
  }
  const text = program
    .fileOf(parent)
    .text.slice(parent.start ?? 0, parent.end ?? 0)
    .replace(/\s+/g, ' ')
    .trim();
  return `it is used as a value (\`${text.length > 120 ? `${text.slice(0, 119)}…` : text}\`), so its calls cannot all be seen`;
}

function sourceName(node: t.Identifier | t.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

function fromRegisterTool(evaluator: Evaluator, call: CallExpression, name: string, env?: Env): McpTool {
  const config = evaluator.evaluate(call.arguments[1]!, env);
  if (!isPlainObject(config)) throw new Unconvertible(`the config of registerTool is ${kindOf(config)}: \`${evaluator.excerpt(call.arguments[1]!)}\``);
  return buildTool(name, {
    description: config.description,
    inputSchema: config.inputSchema,
    outputSchema: config.outputSchema,
    annotations: config.annotations,
  });
}

/** The SDK's reading of `tool(name, description?, paramsShape?, annotations?, handler)`. */
function fromToolOverloads(evaluator: Evaluator, call: CallExpression, name: string, env?: Env): McpTool {
  const rest = call.arguments.slice(1, -1).map((argument) => evaluator.evaluate(argument, env));
  let description: Value;
  let inputSchema: Value;
  let annotations: Value;
  if (typeof rest[0] === 'string') description = rest.shift();
  if (rest.length > 0) {
    const first = rest[0];
    if (isRawShape(first)) {
      inputSchema = rest.shift();
      if (rest.length > 0 && isPlainObject(rest[0]) && !isRawShape(rest[0])) annotations = rest.shift();
    } else if (isPlainObject(first)) annotations = rest.shift();
  }
  if (rest.length > 0) throw new Unconvertible(`tool(…) arguments the SDK does not accept in this order: \`${evaluator.excerpt(call)}\``);
  return buildTool(name, { description, inputSchema, annotations });
}

/** A zod raw shape as the SDK recognises one: an object with no keys, or with at least one zod value. */
function isRawShape(value: Value): value is PlainObject {
  return isPlainObject(value) && (Object.keys(value).length === 0 || Object.values(value).some((field) => isZod(field)));
}

function buildTool(name: string, parts: { description?: Value; inputSchema?: Value; outputSchema?: Value; annotations?: Value }): McpTool {
  const tool: McpTool = { name, inputSchema: inputJsonSchema(parts.inputSchema) };
  if (parts.description !== undefined) {
    if (typeof parts.description !== 'string') throw new Unconvertible(`the description of tool "${name}" is ${kindOf(parts.description)}`);
    tool.description = parts.description;
  }
  const output = parts.outputSchema === undefined ? undefined : objectJsonSchema(parts.outputSchema, 'output');
  if (output) tool.outputSchema = output;
  if (parts.annotations !== undefined) {
    const annotations = toJson(parts.annotations, `the annotations of tool "${name}"`);
    if (!annotations || typeof annotations !== 'object' || Array.isArray(annotations))
      throw new Unconvertible(`the annotations of tool "${name}" are not an object`);
    tool.annotations = annotations as McpTool['annotations'];
  }
  return tool;
}

function inputJsonSchema(value: Value): Record<string, unknown> {
  if (value === undefined) return { ...EMPTY_OBJECT_JSON_SCHEMA };
  return objectJsonSchema(value, 'input') ?? { ...EMPTY_OBJECT_JSON_SCHEMA };
}

/**
 * A raw shape or a zod object, as the SDK lists it. A zod schema that is not an object (a refined
 * object) is listed by the SDK as an empty object schema for input and left out for output.
 */
function objectJsonSchema(value: Value, pipe: PipeStrategy): Record<string, unknown> | undefined {
  if (isZod(value)) return value.def.type === 'object' ? toolJsonSchema(value, pipe) : undefined;
  if (isPlainObject(value)) {
    const fields = Object.values(value);
    if (fields.length === 0) return { ...EMPTY_SHAPE_JSON_SCHEMA };
    if (fields.every((field) => isZod(field))) {
      const shape = new Map(Object.entries(value).map(([key, field]) => [key, field as ZodSchema]));
      return toolJsonSchema(new ZodSchema({ type: 'object', shape, unknownKeys: 'strip' }), pipe);
    }
  }
  throw new Unconvertible(`the ${pipe} schema is ${kindOf(value)}, neither a zod object nor a shape of zod schemas`);
}

/** `setRequestHandler(ListToolsRequestSchema, () => ({ tools: [...] }))` with a literal list. */
function readToolList(evaluator: Evaluator, program: Program, call: CallExpression, tools: CodeTool[], reasons: string[]): void {
  const handler = call.arguments[1];
  const site = evaluator.where(call);
  try {
    const fn = handler ? evaluator.evaluate(handler) : undefined;
    if (!(fn instanceof FunctionValue)) throw new Unconvertible(`the handler is ${kindOf(fn)}, not a function`);
    const result = evaluator.callFunction(call, fn, [], { allowAsync: true });
    const listed = isPlainObject(result) ? result.tools : undefined;
    if (!Array.isArray(listed)) throw new Unconvertible(`the handler returns ${kindOf(result)}, not { tools: [...] }`);
    const reading = readSnapshot({ tools: toJson(listed, 'the tool list') });
    if (!reading.ok) throw new Unconvertible(`the tool list ${reading.reason}`);
    const line = lineOf(call);
    const file = program.pathOf(program.fileOf(call));
    for (const tool of reading.snapshot.tools) tools.push({ name: tool.name, file, line, tool });
  } catch (error) {
    if (!(error instanceof Unconvertible)) throw error;
    reasons.push(`the tools/list handler at ${site} could not be read: ${error.message}`);
  }
}

/** One name registered twice (e.g. in two branches): the same definition is one tool, different ones are unknown. */
function mergeDuplicates(tools: readonly CodeTool[]): CodeTool[] {
  const byName = new Map<string, CodeTool>();
  for (const tool of tools) {
    const earlier = byName.get(tool.name);
    if (!earlier) {
      byName.set(tool.name, tool);
      continue;
    }
    if (earlier.tool && tool.tool && JSON.stringify(earlier.tool) === JSON.stringify(tool.tool)) continue;
    byName.set(tool.name, {
      name: tool.name,
      file: earlier.file,
      line: earlier.line,
      unknown: `registered twice with different definitions (${earlier.file}:${earlier.line} and ${tool.file}:${tool.line})`,
    });
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
