import { Node, SyntaxKind, ts, type CallExpression, type SourceFile } from '../../../typescript/ts-morph.js';
import type { McpTool } from '../snapshot.js';
import { readSnapshot } from '../snapshot.js';
import { Evaluator, excerpt, UnboundParameter } from './evaluate.js';
import { loadProgram, type Program } from './program.js';
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
}

export type ToolExtraction = { ok: true; tools: CodeTool[] } | { ok: false; reasons: string[] };

const REGISTRATION_METHODS = new Set(['registerTool', 'tool', 'setRequestHandler']);
const EMPTY_SHAPE_JSON_SCHEMA = { type: 'object', properties: {}, $schema: 'http://json-schema.org/draft-07/schema#' };

/** Parses one ref's closure (sources and the files they import) and reads its tools. */
export function extractToolsFromTexts(sources: readonly string[], texts: ReadonlyMap<string, string>): ToolExtraction {
  const program = loadProgram(sources, texts);
  if (!('sources' in program)) return { ok: false, reasons: [`${program.path}:${program.line} does not parse: ${program.message}`] };
  try {
    return extractTools(program);
  } finally {
    program.release();
  }
}

export function extractTools(program: Program): ToolExtraction {
  const evaluator = new Evaluator(program);
  const tools: CodeTool[] = [];
  const reasons: string[] = [];
  for (const file of program.files) {
    const text = file.getFullText();
    if (!text.includes('registerTool') && !text.includes('.tool') && !text.includes('ListToolsRequestSchema')) continue;
    for (const call of registrationCalls(file)) {
      const method = registrationMethod(call);
      if (!method) continue;
      if (method === 'setRequestHandler') readToolList(evaluator, program, call, tools, reasons);
      else readRegistration(evaluator, program, call, method, tools, reasons);
    }
  }
  if (reasons.length > 0) return { ok: false, reasons };
  return { ok: true, tools: mergeDuplicates(tools) };
}

/**
 * Calls of `.registerTool/.tool/.setRequestHandler`, found on the compiler's tree: wrapping every
 * node of a file in ts-morph objects (and forgetting them after) costs more than the parse itself.
 */
function registrationCalls(file: SourceFile): CallExpression[] {
  const found: CallExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && REGISTRATION_METHODS.has(node.expression.name.text)) {
      // A statement without `;` spans exactly its call: descend to the node itself.
      const outer = file.getDescendantAtStartWithWidth(node.getStart(file.compilerNode), node.getWidth(file.compilerNode));
      const wrapped = outer?.compilerNode === node ? outer : outer?.getFirstDescendant((descendant) => descendant.compilerNode === node);
      if (!wrapped || !Node.isCallExpression(wrapped)) throw new Error(`registration call at ${node.getStart(file.compilerNode)} not found in its file`);
      found.push(wrapped);
    }
    ts.forEachChild(node, visit);
  };
  visit(file.compilerNode);
  return found;
}

function registrationMethod(call: CallExpression): 'registerTool' | 'tool' | 'setRequestHandler' | undefined {
  const callee = call.getExpression();
  if (!Node.isPropertyAccessExpression(callee)) return undefined;
  const name = callee.getName();
  if (!REGISTRATION_METHODS.has(name)) return undefined;
  const args = call.getArguments();
  if (name === 'setRequestHandler') return args[0]?.getText().endsWith('ListToolsRequestSchema') ? name : undefined;
  if (args.length < 2) return undefined;
  // `.tool(…)` is a common name: only a call ending in a handler is a registration.
  const handler = args.at(-1)!;
  if (name === 'tool' && !(Node.isArrowFunction(handler) || Node.isFunctionExpression(handler) || Node.isIdentifier(handler) || Node.isPropertyAccessExpression(handler))) return undefined;
  return name as 'registerTool' | 'tool';
}

interface Site {
  file: string;
  line: number;
}

type Registration = { kind: 'tool'; tool: CodeTool } | { kind: 'unreadable'; reason: string } | { kind: 'parameter'; parameter: Node; message: string };

function readRegistration(evaluator: Evaluator, program: Program, call: CallExpression, method: 'registerTool' | 'tool', tools: CodeTool[], reasons: string[]): void {
  const site = { file: program.pathOf(call.getSourceFile()), line: call.getStartLineNumber() };
  const direct = registrationAt(evaluator, call, method, EMPTY_ENV, site);
  if (direct.kind === 'tool') tools.push(direct.tool);
  else if (direct.kind === 'unreadable') reasons.push(direct.reason);
  else readWrapperCalls(evaluator, program, call, method, direct, tools, reasons);
}

/** The tool a registration call defines when its parameters (if inside a wrapper) hold `env`; `site` is where the tool is defined. */
function registrationAt(evaluator: Evaluator, call: CallExpression, method: 'registerTool' | 'tool', env: Env, site: Site): Registration {
  const [nameArgument] = call.getArguments();
  let name: Value;
  try {
    name = evaluator.evaluate(nameArgument!, env);
  } catch (error) {
    if (error instanceof UnboundParameter && env === EMPTY_ENV) return { kind: 'parameter', parameter: error.parameter, message: error.message };
    return { kind: 'unreadable', reason: `the name of the tool registered at ${site.file}:${site.line} could not be read: ${message(error)}` };
  }
  if (typeof name !== 'string') return { kind: 'unreadable', reason: `the name of the tool registered at ${site.file}:${site.line} is ${kindOf(name)}, not a string` };
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
 * A registration inside a helper that takes the name or the schema as parameters
 * (`registerReadOnlyTool(server, 'list_documents', shape, handler)`): one tool per call of the
 * helper in the files read, defined where it is called. Calls that cannot all be seen (the helper
 * passed as a value, imported under another name, or never called in the files read) make the set
 * unreadable rather than incomplete.
 */
function readWrapperCalls(evaluator: Evaluator, program: Program, call: CallExpression, method: 'registerTool' | 'tool', unbound: { parameter: Node; message: string }, tools: CodeTool[], reasons: string[]): void {
  const where = `${program.pathOf(call.getSourceFile())}:${call.getStartLineNumber()}`;
  const wrapper = unbound.parameter.getParent();
  const wrapperName = wrapper ? functionName(wrapper) : undefined;
  if (!wrapper || !wrapperName || !(Node.isFunctionDeclaration(wrapper) || Node.isArrowFunction(wrapper) || Node.isFunctionExpression(wrapper)) || !call.getAncestors().includes(wrapper)) {
    reasons.push(`the tool registered at ${where} could not be read: ${unbound.message} (not a named helper whose calls can be followed: tools built in a loop or a callback are not read)`);
    return;
  }
  const sites: CallExpression[] = [];
  for (const file of program.files) {
    for (const identifier of file.getDescendantsOfKind(SyntaxKind.Identifier)) {
      if (identifier.getText() !== wrapperName) continue;
      const use = useOf(identifier);
      if (use === 'declaration') continue;
      if (use instanceof Node) {
        if (!use.getAncestors().includes(wrapper)) sites.push(use as CallExpression);
        continue;
      }
      reasons.push(`the tools registered by ${wrapperName} (${where}) could not all be found: ${use} at ${program.pathOf(file)}:${identifier.getStartLineNumber()}`);
      return;
    }
  }
  if (sites.length === 0) {
    reasons.push(`the tool registered at ${where} takes its definition from the parameters of ${wrapperName}, which no file read calls (add the files that call it to mcpTools.sources)`);
    return;
  }
  const parameters = wrapper.getParameters();
  for (const site of sites) {
    const env = new Map<Node, Value>();
    const args = site.getArguments();
    parameters.forEach((parameter, index) => {
      const argument = args[index] ?? parameter.getInitializer();
      if (argument) env.set(parameter, new DeferredArgument(argument, argument === args[index] ? EMPTY_ENV : env));
      else env.set(parameter, undefined);
    });
    const registration = registrationAt(evaluator, call, method, env, { file: program.pathOf(site.getSourceFile()), line: site.getStartLineNumber() });
    if (registration.kind === 'tool') tools.push(registration.tool);
    else if (registration.kind === 'unreadable') reasons.push(registration.reason);
  }
}

function functionName(fn: Node): string | undefined {
  if (Node.isFunctionDeclaration(fn)) return fn.getName();
  const parent = fn.getParent();
  return parent && Node.isVariableDeclaration(parent) ? parent.getName() : undefined;
}

/** How a file uses the helper's name: its declaration, a call (returned), or a use that hides calls (described). */
function useOf(identifier: Node): 'declaration' | CallExpression | string {
  const parent = identifier.getParent();
  if (!parent) return 'declaration';
  if ((Node.isFunctionDeclaration(parent) || Node.isVariableDeclaration(parent)) && parent.getNameNode() === identifier) return 'declaration';
  if (Node.isImportSpecifier(parent) || Node.isExportSpecifier(parent)) {
    return parent.getAliasNode() && parent.getNameNode() === identifier ? `it is imported or exported under another name (\`${parent.getText()}\`)` : 'declaration';
  }
  if (Node.isCallExpression(parent) && parent.getExpression() === identifier) return parent;
  if (Node.isPropertyAccessExpression(parent) && parent.getNameNode() === identifier) {
    const outer = parent.getParent();
    if (outer && Node.isCallExpression(outer) && outer.getExpression() === parent) return outer;
  }
  return `it is used as a value (\`${excerpt(parent)}\`), so its calls cannot all be seen`;
}

function fromRegisterTool(evaluator: Evaluator, call: CallExpression, name: string, env?: Env): McpTool {
  const config = evaluator.evaluate(call.getArguments()[1]!, env);
  if (!isPlainObject(config)) throw new Unconvertible(`the config of registerTool is ${kindOf(config)}: \`${excerpt(call.getArguments()[1]!)}\``);
  return buildTool(name, {
    description: config.description,
    inputSchema: config.inputSchema,
    outputSchema: config.outputSchema,
    annotations: config.annotations,
  });
}

/** The SDK's reading of `tool(name, description?, paramsShape?, annotations?, handler)`. */
function fromToolOverloads(evaluator: Evaluator, call: CallExpression, name: string, env?: Env): McpTool {
  const rest = call.getArguments().slice(1, -1).map((argument) => evaluator.evaluate(argument, env));
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
  if (rest.length > 0) throw new Unconvertible(`tool(…) arguments the SDK does not accept in this order: \`${excerpt(call)}\``);
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
    if (!annotations || typeof annotations !== 'object' || Array.isArray(annotations)) throw new Unconvertible(`the annotations of tool "${name}" are not an object`);
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
  const handler = call.getArguments()[1];
  const site = evaluator.where(call);
  try {
    const fn = handler ? evaluator.evaluate(handler) : undefined;
    if (!(fn instanceof FunctionValue)) throw new Unconvertible(`the handler is ${kindOf(fn)}, not a function`);
    const result = evaluator.callFunction(call, fn, [], { allowAsync: true });
    const listed = isPlainObject(result) ? result.tools : undefined;
    if (!Array.isArray(listed)) throw new Unconvertible(`the handler returns ${kindOf(result)}, not { tools: [...] }`);
    const reading = readSnapshot({ tools: toJson(listed, 'the tool list') });
    if (!reading.ok) throw new Unconvertible(`the tool list ${reading.reason}`);
    const line = call.getStartLineNumber();
    const file = program.pathOf(call.getSourceFile());
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
    byName.set(tool.name, { name: tool.name, file: earlier.file, line: earlier.line, unknown: `registered twice with different definitions (${earlier.file}:${earlier.line} and ${tool.file}:${tool.line})` });
  }
  return [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
