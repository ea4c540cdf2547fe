import type { Side, StageInput } from '../../contract.js';
import { differentialOf, type Differential } from '../../differential.js';
import { moduleLayoutOf } from '../../code-closure.js';
import { CODE_FILE, isRelativeSpecifier, packageNameOf, resolveImportDetailed, type ModuleLayout } from '../../../syntax/modules.js';
import { sameClosure } from '../../../syntax/closure.js';
import { isCall, isMember, lineOf, parseSource, sourceOf, walk, type t } from '../../../syntax/parse.js';
import { propertyAccess } from '../../../syntax/ast.js';
import { HIDDEN_FROM_DOCUMENT, SHAPE_DECLARATION } from './shape-markers.js';

/**
 * The declared-shapes closure (issue 30 item 1). A route's request and response shapes are declared
 * in code when no document compares them: routes kept out of the generated document on purpose
 * (tsoa `@Hidden()`, NestJS `@ApiExcludeController()`/`@ApiExcludeEndpoint()`), and, with no document
 * compared at all, the shapes code declares for a document generated at run time (NestJS
 * `@ApiProperty` DTOs and `@ApiOkResponse({ type })`, hono-openapi `describeRoute`/`validator`,
 * `createRoute`, zod `.openapi(…)`). Those shapes are TypeScript types and schema values that mostly
 * live in other files (lightdash's hidden controllers take their body and response types from the
 * workspace package `@lightdash/common`): a change there changes the shape while the declaring file
 * stays untouched.
 *
 * So each such declaration (a "root": a hidden route's signature, a DTO class, a `describeRoute(…)`
 * call, a schema constant) is followed through the names it uses to their declarations — in the same
 * file, through imports (relative, tsconfig paths, workspace packages; `export *` and re-exports
 * followed), transitively — and the text of every declaration reached is compared at both refs. All
 * identical: the shapes cannot have changed. One differs, or a name cannot be followed (a module not
 * found, a name no module exports, an `any` or undeclared return type of a hidden route, a package
 * whose declared version changed, more than {@link MAX_DECLARATIONS} declarations): the route's shapes
 * are not known, naming the root and the declaration (file:line).
 *
 * Syntax only (Babel), names resolved by module scope: a name that is no top-level binding of its
 * module is local (its text is part of what is compared) or a global. Over-inclusive by design (a
 * shadowed name is followed too); never a declaration missed that a written name leads to.
 */

/** Which roots are compared: hidden routes (a document is compared) or every declared shape (none is). */
export type ShapeKind = 'hidden' | 'declared';

/** Declarations followed from one root beyond this: the closure is not bounded, the root is unknown. */
export const MAX_DECLARATIONS = 4000;

const HIDDEN_DECORATOR = /^(?:Hidden|ApiExcludeController|ApiExcludeEndpoint)$/;

/** Calls whose arguments are the declared shapes of a route (hono-openapi, @hono/zod-openapi, zod-openapi). */
const SHAPE_CALLS = new Set(['describeRoute', 'createRoute', 'validator', 'zValidator', 'resolver']);

interface Declaration {
  line: number;
  text: string;
  names: string[];
}

interface Root {
  kind: ShapeKind;
  /** `Class.method`, `Class`, a constant's name, or a registration (`app.post('/polls')`). */
  id: string;
  line: number;
  text: string;
  names: string[];
  /** Why the root's shape is not written in types at all (an `any` body, no declared return type). */
  opaque?: string;
}

type Exported = { kind: 'local'; local: string } | { kind: 'reexport'; imported: string; specifier: string };

interface ModuleFacts {
  /** Top-level declarations by name (interface merging and overloads: several statements). */
  declarations: Map<string, Declaration>;
  imports: Map<string, { imported: string; specifier: string }>;
  exports: Map<string, Exported>;
  stars: string[];
  roots: Root[];
}

type Facts = { ok: true; facts: ModuleFacts } | { ok: false; reason: string };

/** Facts by blob id: a backfill reads the same unchanged modules for every release. */
const factsByBlob = new Map<string, Facts>();
const FACTS_LIMIT = 20_000;
/** Whether a blob holds a hidden-route or shape construct at all (a text scan, no parse). */
const markersByBlob = new Map<string, { hidden: boolean; declared: boolean }>();

/** One declared-shapes difference or blind spot: `file:line: root: why`. */
export interface ShapeNote {
  file: string;
  line: number;
  root: string;
  why: string;
}

export function renderShapeNote(note: ShapeNote): string {
  return `${note.file}:${note.line}: ${note.root}: ${note.why}`;
}

/**
 * The roots of `kind` in `sources` whose declared shapes differ between the refs or cannot be
 * followed. Nothing is read when the release changed no code file and no package.json.
 */
export async function changedDeclaredShapes(input: StageInput, sources: Record<Side, ReadonlySet<string>>, kind: ShapeKind): Promise<ShapeNote[]> {
  if (!input.changes.some((change) => CODE_FILE.test(change.path) || /(^|\/)package\.json$/.test(change.path))) return [];
  const candidates = new Set<string>();
  for (const side of ['base', 'head'] as const) {
    for (const path of sources[side]) {
      const blob = input.trees[side].get(path);
      if (blob === undefined) continue;
      let markers = markersByBlob.get(blob);
      if (!markers) {
        const text = await input.read(side, path);
        if (text === undefined) continue;
        markers = { hidden: HIDDEN_FROM_DOCUMENT.test(text), declared: SHAPE_DECLARATION.test(text) };
        if (markersByBlob.size >= FACTS_LIMIT * 5) markersByBlob.clear();
        markersByBlob.set(blob, markers);
      }
      if (kind === 'hidden' ? markers.hidden : markers.declared) candidates.add(path);
    }
  }
  if (candidates.size === 0) return [];
  const differential = differentialOf(input);
  const readers = { base: sideReader(input, 'base', differential), head: sideReader(input, 'head', differential) };
  const notes: ShapeNote[] = [];
  const rootsAt: Record<Side, Array<{ file: string; root: Root }>> = { base: [], head: [] };
  for (const path of [...candidates].sort()) {
    for (const side of ['base', 'head'] as const) {
      const read = await readers[side].facts(path);
      if (read === undefined) continue; // not at this ref: its roots are paired with a moved file's, else new or gone
      if (!read.ok) {
        notes.push({ file: path, line: 1, root: 'declared shapes', why: `cannot be read at the ${side} ref: ${read.reason}` });
        continue;
      }
      for (const root of read.facts.roots) if (root.kind === kind) rootsAt[side].push({ file: path, root });
    }
  }
  // Paired by file and root; a root left over is paired with the one root of its name left in another
  // file (a controller moved, its body type changed with it). A root at one ref only is a route or
  // declaration added or removed: the routes compare those.
  const baseByPlace = new Map(rootsAt.base.map((entry) => [`${entry.file}\0${entry.root.id}`, entry]));
  const pairs: Array<{ base: { file: string; root: Root }; head: { file: string; root: Root } }> = [];
  const leftover: Array<{ file: string; root: Root }> = [];
  for (const head of rootsAt.head) {
    const base = baseByPlace.get(`${head.file}\0${head.root.id}`);
    if (base) {
      pairs.push({ base, head });
      baseByPlace.delete(`${head.file}\0${head.root.id}`);
    } else leftover.push(head);
  }
  for (const head of leftover) {
    const candidatesByName = [...baseByPlace.values()].filter((base) => base.root.id === head.root.id);
    if (candidatesByName.length === 1) pairs.push({ base: candidatesByName[0]!, head });
  }
  const fileClosureSame = new Map<string, boolean>();
  for (const { base, head } of pairs) {
    const [before, after] = await Promise.all([readers.base.closure(base.file, base.root), readers.head.closure(head.file, head.root)]);
    const differing = differences(before, after);
    const opaque = head.root.opaque ?? base.root.opaque ?? [...after.values(), ...before.values()].find((entry) => entry.unresolved)?.text;
    const place = { file: head.file, line: head.root.line, root: `\`${head.root.id}\`` };
    if (differing.length === 0 && opaque === undefined) continue;
    if (differing.length === 0) {
      // Not written in followable types, but read from the same bytes at both refs (the file and
      // everything it imports): the same shape.
      let same = fileClosureSame.get(head.file);
      if (same === undefined) {
        same = base.file === head.file && sameClosure(await differential.closureOf('base', base.file), await differential.closureOf('head', head.file));
        fileClosureSame.set(head.file, same);
      }
      if (same) continue;
      notes.push({ ...place, why: `${opaque} (and the file or a module it imports changed)` });
      continue;
    }
    const shown = differing.slice(0, 2).map((entry) => entry.label);
    const more = differing.length > 2 ? `, and ${differing.length - 2} more` : '';
    const moved = base.file === head.file ? '' : ` (moved from ${base.file})`;
    notes.push({ ...place, why: `${shown.join(', ')}${more} ${differing.length === 1 ? 'differs' : 'differ'} between the refs${moved}` });
  }
  return notes;
}

interface Entry {
  /** How the entry is named in a note: `` `Name` (file:line) ``, `` package `x` (^1 → ^2) ``. */
  label: string;
  text: string;
  unresolved?: boolean;
}

function differences(before: Map<string, Entry>, after: Map<string, Entry>): Entry[] {
  const differing: Entry[] = [];
  for (const [key, entry] of after) {
    const old = before.get(key);
    if (old === undefined || old.text !== entry.text)
      differing.push(
        key.startsWith('package ') && old ? { ...entry, label: `${entry.label.replace(/\)$/, '')} at the head, ${old.text} at the base)` } : entry,
      );
  }
  for (const [key, entry] of before) if (!after.has(key)) differing.push({ ...entry, label: `${entry.label} (at the base ref only)` });
  return differing;
}

function sideReader(input: StageInput, side: Side, differential: Differential) {
  let layout: ModuleLayout | undefined;
  const tree = input.trees[side];
  const exists = (path: string) => tree.has(path);
  const facts = async (path: string): Promise<Facts | undefined> => {
    const blob = tree.get(path);
    if (blob === undefined) return undefined;
    let found = factsByBlob.get(blob);
    if (!found) {
      const text = await input.read(side, path);
      if (text === undefined) return { ok: false, reason: `${path} cannot be read` };
      found = moduleFacts(path, text);
      if (factsByBlob.size >= FACTS_LIMIT) factsByBlob.clear();
      factsByBlob.set(blob, found);
    }
    return found;
  };
  const resolve = async (from: string, specifier: string) => {
    layout ??= await moduleLayoutOf(input, side);
    return resolveImportDetailed(from, specifier, exists, layout);
  };

  /** Every declaration the root's names lead to, keyed by place; packages by name; what cannot be followed. */
  const closure = async (path: string, root: Root): Promise<Map<string, Entry>> => {
    const entries = new Map<string, Entry>();
    const visited = new Set<string>();
    const queue: Array<{ file: string; name: string }> = root.names.map((name) => ({ file: path, name }));
    const unresolved = (key: string, why: string) => entries.set(`unresolved ${key}`, { label: why, text: why, unresolved: true });
    // The root as written (a hidden route's decorators and signature, a DTO's properties, a `describeRoute(…)` call).
    entries.set('root', { label: `its declaration (${path}:${root.line})`, text: root.text });
    while (queue.length > 0) {
      const { file, name } = queue.shift()!;
      const key = `${file}#${name}`;
      if (visited.has(key)) continue;
      visited.add(key);
      if (name.startsWith(IMPORT_NAME)) {
        const specifier = name.slice(IMPORT_NAME.length);
        if (specifier === '?') unresolved(key, `an \`import(…)\` type in ${file} names a module that is not a literal`);
        else await follow(file, specifier, '*', `\`import('${specifier}')\` in ${file}`);
        continue;
      }
      if (entries.size > MAX_DECLARATIONS) {
        unresolved('bound', `more than ${MAX_DECLARATIONS} declarations are reached from it`);
        break;
      }
      const read = await facts(file);
      if (!read?.ok) {
        unresolved(key, read ? read.reason : `${file} is not in the repository at this ref`);
        continue;
      }
      const module = read.facts;
      const declared = module.declarations.get(name);
      if (declared) {
        entries.set(`declaration ${key}`, { label: `\`${name}\` (${file}:${declared.line})`, text: declared.text });
        for (const next of declared.names) queue.push({ file, name: next });
        continue;
      }
      const imported = module.imports.get(name);
      if (imported) {
        await follow(file, imported.specifier, imported.imported, `\`${name}\` imported from \`${imported.specifier}\` in ${file}`);
        continue;
      }
      // Exported here under a name no declaration has (`export { a as b }`, a re-export): its target.
      const exported = module.exports.get(name);
      if (exported?.kind === 'local' && exported.local !== name) queue.push({ file, name: exported.local });
      else if (exported?.kind === 'reexport') await follow(file, exported.specifier, exported.imported, `\`${name}\` re-exported by ${file}`);
      // else a global (`Promise`, `Record`) or a name local to the text compared: nothing to follow.
    }
    return entries;

    /** The declaration an import (or re-export) of `exported` from `specifier` in `from` stands for. */
    async function follow(from: string, specifier: string, exported: string, what: string): Promise<void> {
      let resolution = await resolve(from, specifier);
      // A bare name a tsconfig `baseUrl` could stand for but that is no file of the repository, and a
      // package the nearest package.json declares: that package (hoppscotch's `@nestjs/swagger`).
      if (
        resolution.kind === 'missing' &&
        !isRelativeSpecifier(specifier) &&
        (await differential.packageVersion(side, from, packageNameOf(specifier))) !== undefined
      )
        resolution = { kind: 'external', packageName: packageNameOf(specifier) };
      if (resolution.kind === 'external') {
        const version = (await differential.packageVersion(side, from, resolution.packageName)) ?? '?';
        const key = `package ${resolution.packageName}`;
        const known = entries.get(key);
        const text = known && !known.text.split(' ').includes(version) ? `${known.text} ${version}` : (known?.text ?? version);
        entries.set(key, { label: `package \`${resolution.packageName}\` (${text})`, text });
        return;
      }
      if (resolution.kind === 'missing') {
        unresolved(`${from}#${exported}@${specifier}`, `${what}: ${resolution.reason}`);
        return;
      }
      const target = resolution.path;
      if (exported === '*') {
        // A namespace import: every top-level name of the module.
        const read = await facts(target);
        if (!read?.ok) unresolved(target, `${what}: ${target} cannot be read`);
        else for (const name of [...read.facts.declarations.keys(), ...read.facts.exports.keys()]) queue.push({ file: target, name });
        if (read?.ok) for (const star of read.facts.stars) await follow(target, star, '*', `\`export *\` in ${target}`);
        return;
      }
      const place = await locate(target, exported, new Set());
      if (place === undefined) unresolved(`${target}#${exported}`, `${what}: no module exports \`${exported}\` (from ${target})`);
      else if (place.kind === 'found') queue.push({ file: place.file, name: place.name });
      else if (place.kind === 'unresolved') unresolved(`${target}#${exported}`, `${what}: ${place.why}`);
      else await follow(place.from, place.specifier, place.imported, what);
    }
  };

  type Place =
    { kind: 'found'; file: string; name: string } | { kind: 'import'; from: string; specifier: string; imported: string } | { kind: 'unresolved'; why: string };

  /** Where `file` gets its export `name` from: declared or imported there, re-exported, or through `export *` (first that has it). */
  async function locate(file: string, name: string, seen: Set<string>): Promise<Place | undefined> {
    if (seen.has(file) || seen.size > 500) return undefined;
    seen.add(file);
    const read = await facts(file);
    if (!read?.ok) return undefined;
    const module = read.facts;
    const exported = module.exports.get(name);
    if (exported?.kind === 'local') {
      const imported = module.imports.get(exported.local);
      if (imported && !module.declarations.has(exported.local))
        return { kind: 'import', from: file, specifier: imported.specifier, imported: imported.imported };
      return { kind: 'found', file, name: exported.local };
    }
    if (exported?.kind === 'reexport') {
      if (exported.imported === '*') return { kind: 'import', from: file, specifier: exported.specifier, imported: '*' };
      const resolution = await resolve(file, exported.specifier);
      if (resolution.kind !== 'file') return { kind: 'import', from: file, specifier: exported.specifier, imported: exported.imported };
      return (
        (await locate(resolution.path, exported.imported, seen)) ?? { kind: 'import', from: file, specifier: exported.specifier, imported: exported.imported }
      );
    }
    if (name === 'default') return undefined;
    const opaqueStars: string[] = [];
    for (const star of module.stars) {
      const resolution = await resolve(file, star);
      if (resolution.kind !== 'file') {
        opaqueStars.push(star);
        continue;
      }
      const found = await locate(resolution.path, name, seen);
      if (found) return found;
    }
    // Not in the repository's modules: a star export of a package (or of a module not found) may hold
    // it. One such: the name is that package's (its version compared); several: which one is not known.
    if (opaqueStars.length === 1) return { kind: 'import', from: file, specifier: opaqueStars[0]!, imported: name };
    if (opaqueStars.length > 1)
      return {
        kind: 'unresolved',
        why: `\`${name}\` may come from any of \`export * from\` ${opaqueStars.map((star) => `\`${star}\``).join(', ')} in ${file}`,
      };
    return undefined;
  }

  return { facts, closure };
}

/** The declarations, bindings and shape roots of one module (parsed once per blob). */
export function moduleFacts(path: string, text: string): Facts {
  const parsed = parseSource(path, text);
  if (!parsed.ok) return { ok: false, reason: parsed.reason };
  const facts: ModuleFacts = { declarations: new Map(), imports: new Map(), exports: new Map(), stars: [], roots: [] };
  const declare = (name: string, statement: t.Node) => {
    const known = facts.declarations.get(name);
    const own = { line: lineOf(statement), text: sourceOf(statement, text), names: namesIn(statement) };
    facts.declarations.set(name, known ? { line: known.line, text: `${known.text}\n${own.text}`, names: [...new Set([...known.names, ...own.names])] } : own);
  };
  for (const statement of parsed.ast.program.body) {
    switch (statement.type) {
      case 'ImportDeclaration':
        for (const specifier of statement.specifiers) {
          const imported =
            specifier.type === 'ImportDefaultSpecifier'
              ? 'default'
              : specifier.type === 'ImportNamespaceSpecifier'
                ? '*'
                : specifier.imported.type === 'Identifier'
                  ? specifier.imported.name
                  : specifier.imported.value;
          facts.imports.set(specifier.local.name, { imported, specifier: statement.source.value });
        }
        break;
      case 'TSImportEqualsDeclaration':
        if (statement.moduleReference.type === 'TSExternalModuleReference')
          facts.imports.set(statement.id.name, { imported: '*', specifier: statement.moduleReference.expression.value });
        else declare(statement.id.name, statement);
        break;
      case 'ExportAllDeclaration':
        facts.stars.push(statement.source.value);
        break;
      case 'ExportNamedDeclaration':
        if (statement.source) {
          for (const specifier of statement.specifiers) {
            const exported = specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value;
            const imported =
              specifier.type === 'ExportNamespaceSpecifier'
                ? '*'
                : specifier.type === 'ExportDefaultSpecifier'
                  ? 'default'
                  : exportedName(specifier.local as t.Identifier | t.StringLiteral);
            facts.exports.set(exported, { kind: 'reexport', imported, specifier: statement.source.value });
          }
        } else if (statement.declaration) {
          for (const name of declaredNames(statement.declaration)) {
            declare(name, statement);
            facts.exports.set(name, { kind: 'local', local: name });
          }
        } else {
          for (const specifier of statement.specifiers) {
            if (specifier.type !== 'ExportSpecifier') continue;
            const exported = specifier.exported.type === 'Identifier' ? specifier.exported.name : specifier.exported.value;
            facts.exports.set(exported, { kind: 'local', local: specifier.local.name });
          }
        }
        break;
      case 'ExportDefaultDeclaration': {
        const declaration = statement.declaration;
        if (declaration.type === 'Identifier') facts.exports.set('default', { kind: 'local', local: declaration.name });
        else {
          const name =
            (declaration.type === 'ClassDeclaration' || declaration.type === 'FunctionDeclaration') && declaration.id ? declaration.id.name : 'default';
          declare(name, statement);
          facts.exports.set('default', { kind: 'local', local: name });
        }
        break;
      }
      default:
        for (const name of declaredNames(statement)) declare(name, statement);
    }
  }
  facts.roots = shapeRoots(parsed.ast, text);
  return { ok: true, facts };
}

function exportedName(node: t.Identifier | t.StringLiteral): string {
  return node.type === 'Identifier' ? node.name : node.value;
}

function declaredNames(node: t.Node): string[] {
  switch (node.type) {
    case 'VariableDeclaration':
      return node.declarations.flatMap((declarator) => patternNames(declarator.id));
    case 'FunctionDeclaration':
    case 'ClassDeclaration':
    case 'TSDeclareFunction':
    case 'TSEnumDeclaration':
    case 'TSInterfaceDeclaration':
    case 'TSTypeAliasDeclaration':
      return node.id ? [node.id.name] : [];
    case 'TSModuleDeclaration':
      return node.id.type === 'Identifier' ? [node.id.name] : [];
    default:
      return [];
  }
}

function patternNames(node: t.Node): string[] {
  const names: string[] = [];
  walk(node, (child, parent) => {
    if (child.type === 'Identifier' && !(parent?.type === 'ObjectProperty' && parent.key === child && !parent.computed) && parent?.type !== 'AssignmentPattern')
      names.push(child.name);
    else if (child.type === 'Identifier' && parent?.type === 'AssignmentPattern' && parent.left === child) names.push(child.name);
    return child.type !== 'TSTypeAnnotation' && !(parent?.type === 'AssignmentPattern' && parent.right === child);
  });
  return names;
}

/** A "name" standing for a module a type imports inline (`import('./m').T`): followed as a namespace import. */
const IMPORT_NAME = '\0import:';

/** Names a node uses (type and value positions), not property keys or member names. */
function namesIn(node: t.Node | null | undefined, into = new Set<string>()): string[] {
  if (!node) return [...into];
  walk(node, (child, parent) => {
    if (child.type === 'TSImportType') {
      // `import('./types').Shape` in a type: the module it names, followed whole.
      const argument = (child as { argument?: t.Node }).argument;
      const specifier =
        argument?.type === 'StringLiteral'
          ? argument.value
          : argument?.type === 'TSLiteralType' && argument.literal.type === 'StringLiteral'
            ? argument.literal.value
            : undefined;
      into.add(specifier === undefined ? `${IMPORT_NAME}?` : `${IMPORT_NAME}${specifier}`);
      return false;
    }
    if (child.type !== 'Identifier') return;
    if (!parent) {
      into.add(child.name); // the node itself is a name (`extends BaseDto`)
      return;
    }
    const keyed = parent as { key?: t.Node; computed?: boolean };
    if (keyed.key === child && !keyed.computed) return;
    if (
      (isMember(parent) || parent.type === 'TSQualifiedName') &&
      ((parent as { property?: t.Node }).property === child || (parent as { right?: t.Node }).right === child)
    ) {
      if (!(parent as { computed?: boolean }).computed) return;
    }
    if (parent.type === 'TSEnumMember' && parent.id === child) return;
    into.add(child.name);
  });
  return [...into];
}

/** The name a decorator is called by: `Hidden` of `@Hidden()`, `ApiProperty` of `@swagger.ApiProperty()`. */
function decoratorName(decorator: t.Decorator): string | undefined {
  const expression = isCall(decorator.expression) ? decorator.expression.callee : decorator.expression;
  if (expression.type === 'Identifier') return expression.name;
  return propertyAccess(expression)?.name;
}

/** What a decorator declares: its type arguments (`@Response<ApiErrorPayload>`), and for an `@Api…` one its arguments too. */
function decoratorShape(decorator: t.Decorator, names: Set<string>): void {
  const expression = decorator.expression;
  if (isCall(expression)) {
    const typeArguments =
      (expression as { typeParameters?: t.Node | null; typeArguments?: t.Node | null }).typeParameters ??
      (expression as { typeArguments?: t.Node | null }).typeArguments;
    namesIn(typeArguments, names);
    if (/^Api/.test(decoratorName(decorator) ?? '')) for (const argument of expression.arguments) namesIn(argument, names);
  }
}

function textOf(nodes: ReadonlyArray<t.Node | null | undefined>, text: string): string {
  return nodes.flatMap((node) => (node ? [sourceOf(node, text)] : [])).join('\n');
}

/** The shape roots of a module: hidden routes, DTO/controller classes with `@Api…` decorators, shape calls and schema constants. */
function shapeRoots(ast: t.File, text: string): Root[] {
  const roots: Root[] = [];
  const hasHidden = HIDDEN_FROM_DOCUMENT.test(text);
  const hasDeclared = SHAPE_DECLARATION.test(text);
  if (!hasHidden && !hasDeclared) return roots;
  const registrations = new Map<string, number>();
  for (const statement of ast.program.body) {
    const inner =
      statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' ? (statement.declaration ?? statement) : statement;
    if (inner.type === 'ClassDeclaration' || inner.type === 'ClassExpression') {
      classRoots(inner, text, roots, hasHidden, hasDeclared);
      continue;
    }
    if (!hasDeclared || !SHAPE_DECLARATION.test(sourceOf(statement, text))) continue;
    const named = declaredNames(inner);
    if (named.length > 0) {
      // A schema constant (`export const pollSchema = z.object(…).openapi(…)`), a route created with `createRoute`.
      roots.push({ kind: 'declared', id: named.join(', '), line: lineOf(statement), text: sourceOf(statement, text), names: namesIn(statement) });
      continue;
    }
    // A registration (`app.post('/polls', describeRoute(…), validator('json', schema), handler)`): its
    // shape calls, not its handler, whose response is not declared.
    const calls: t.Node[] = [];
    walk(statement, (node) => {
      if (!isCall(node)) return;
      const callee = node.callee;
      const name = callee.type === 'Identifier' ? callee.name : propertyAccess(callee)?.name;
      if (name !== undefined && SHAPE_CALLS.has(name)) {
        calls.push(node);
        return false;
      }
      if (name === 'openapi') {
        calls.push(...node.arguments.filter((argument) => argument.type !== 'ArrowFunctionExpression' && argument.type !== 'FunctionExpression'));
        if (isMember(callee)) calls.push(callee.object);
        return false;
      }
      return;
    });
    if (calls.length === 0) continue;
    const key = registrationKey(statement, text);
    const seen = registrations.get(key) ?? 0;
    registrations.set(key, seen + 1);
    const names = new Set<string>();
    for (const call of calls) namesIn(call, names);
    roots.push({ kind: 'declared', id: seen === 0 ? key : `${key} #${seen + 1}`, line: lineOf(statement), text: textOf(calls, text), names: [...names] });
  }
  return roots;
}

/** `app.post('/polls')`: the callee and first argument of a registration, as written. */
function registrationKey(statement: t.Node, text: string): string {
  const expression = statement.type === 'ExpressionStatement' ? statement.expression : statement;
  if (isCall(expression)) {
    const first = expression.arguments[0];
    const argument = first && (first.type === 'StringLiteral' || first.type === 'TemplateLiteral') ? sourceOf(first, text) : '';
    return `${sourceOf(expression.callee, text).replace(/\s+/g, '')}(${argument})`;
  }
  return sourceOf(statement, text).replace(/\s+/g, ' ').slice(0, 60);
}

function classRoots(node: t.ClassDeclaration | t.ClassExpression, text: string, roots: Root[], hasHidden: boolean, hasDeclared: boolean): void {
  const className = node.id?.name ?? 'default';
  const classDecorators = node.decorators ?? [];
  const classHidden = classDecorators.some((decorator) => HIDDEN_DECORATOR.test(decoratorName(decorator) ?? ''));
  const classNames = new Set<string>();
  for (const decorator of classDecorators) decoratorShape(decorator, classNames);
  const classText = textOf(classDecorators, text);
  const methods = node.body.body.filter((member): member is t.ClassMethod => member.type === 'ClassMethod' && (member.decorators?.length ?? 0) > 0);
  const signature = (method: t.ClassMethod, names: Set<string>) => {
    for (const decorator of method.decorators ?? []) decoratorShape(decorator, names);
    for (const parameter of method.params) {
      namesIn((parameter as { typeAnnotation?: t.Node | null }).typeAnnotation, names);
      for (const decorator of (parameter as { decorators?: t.Decorator[] | null }).decorators ?? []) decoratorShape(decorator, names);
    }
    namesIn(method.returnType, names);
    return `${classText}\n${textOf([...(method.decorators ?? []), ...method.params, method.returnType], text)}`;
  };
  const methodName = (method: t.ClassMethod) => (method.key.type === 'Identifier' ? method.key.name : sourceOf(method.key, text));
  if (hasHidden) {
    for (const method of methods) {
      if (!classHidden && !(method.decorators ?? []).some((decorator) => HIDDEN_DECORATOR.test(decoratorName(decorator) ?? ''))) continue;
      const names = new Set(classNames);
      const signatureText = signature(method, names);
      // tsoa and the NestJS plugin infer an undeclared return type from the body; `any` is no shape.
      const anyTyped = [...method.params.map((parameter) => (parameter as { typeAnnotation?: t.Node | null }).typeAnnotation), method.returnType].some(
        (annotation) => {
          let found = false;
          if (annotation) walk(annotation, (child) => void (found ||= child.type === 'TSAnyKeyword'));
          return found;
        },
      );
      const opaque =
        method.returnType === null || method.returnType === undefined
          ? 'its return type is not declared (inferred from the handler)'
          : anyTyped
            ? 'its signature has an `any` type'
            : undefined;
      roots.push({
        kind: 'hidden',
        id: `${className}.${methodName(method)}`,
        line: lineOf(method),
        text: signatureText,
        names: [...names],
        ...(opaque ? { opaque } : {}),
      });
    }
  }
  if (!hasDeclared) return;
  const members = node.body.body;
  const declares = (decorators: readonly t.Decorator[] | null | undefined) =>
    (decorators ?? []).some((decorator) => /^Api/.test(decoratorName(decorator) ?? ''));
  const anyDeclared =
    declares(classDecorators) ||
    members.some(
      (member) =>
        declares((member as { decorators?: t.Decorator[] | null }).decorators) ||
        (member.type === 'ClassMethod' && member.params.some((parameter) => declares((parameter as { decorators?: t.Decorator[] | null }).decorators))),
    );
  if (!anyDeclared) return;
  // The class itself (a DTO): its decorators, what it extends, its properties as written.
  const properties = members.filter(
    (member) => member.type === 'ClassProperty' || member.type === 'ClassAccessorProperty' || member.type === 'TSIndexSignature',
  );
  const dtoNames = new Set(classNames);
  for (const decorator of classDecorators) if (/^Api/.test(decoratorName(decorator) ?? '')) namesIn(decorator, dtoNames);
  namesIn(node.superClass, dtoNames);
  namesIn((node as { superTypeParameters?: t.Node | null }).superTypeParameters, dtoNames);
  for (const heritage of node.implements ?? []) namesIn(heritage, dtoNames);
  for (const property of properties) namesIn(property, dtoNames);
  roots.push({
    kind: 'declared',
    id: className,
    line: lineOf(node),
    text: `${classText}\n${textOf([node.superClass, (node as { superTypeParameters?: t.Node | null }).superTypeParameters, ...(node.implements ?? []), ...properties], text)}`,
    names: [...dtoNames],
  });
  // Its routes (a controller): each decorated method's decorators and signature.
  for (const method of methods) {
    const names = new Set(classNames);
    const signatureText = signature(method, names);
    roots.push({ kind: 'declared', id: `${className}.${methodName(method)}`, line: lineOf(method), text: signatureText, names: [...names] });
  }
}
