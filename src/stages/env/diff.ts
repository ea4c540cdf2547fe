import type { ConfigDefault } from '../../artifact/types.js';
import type { Evidence } from '../../rules/types.js';
import { compareText } from '../../core/compare-text.js';
import type { EnvSurface, EnvVariable } from './surface.js';

/**
 * The env surface diff, computed once with no opinion on what breaks (STYLE.md 3); the rules in
 * `rules/` read it. Every list is sorted by variable name.
 */
export interface EnvDiff {
  removed: Array<{ name: string; previousDefault: ConfigDefault; evidence: Evidence }>;
  renamed: Array<{ name: string; previousName: string; defaultValue: ConfigDefault; evidence: Evidence }>;
  defaultChanged: Array<{ name: string; previousDefault: ConfigDefault; defaultValue: ConfigDefault; evidence: Evidence }>;
  added: Array<{ name: string; defaultValue: ConfigDefault; evidence: Evidence }>;
  /** Listed only in an example file (no source read it) and gone from it: documentation, not a break. */
  exampleRemoved: Array<{ name: string; file: string; evidence: Evidence }>;
  /** Unset was accepted at `from` (an optional schema key, or a read with a default); a schema at `to` refuses it. */
  becameRequired: Array<{ name: string; previousDefault: ConfigDefault; evidence: Evidence }>;
  /** Changes the reads hint at but cannot prove either way (whether a variable became required): the surface is not fully read. */
  unproven: Array<{ name: string; reason: string }>;
}

export function emptyEnvDiff(): EnvDiff {
  return { removed: [], renamed: [], defaultChanged: [], added: [], exampleRemoved: [], becameRequired: [], unproven: [] };
}

/**
 * A variable is *live* at a ref when a configured source reads it or a defaults file (not an
 * example) lists it, so a name still read as a fallback (`process.env.NEW || process.env.OLD`) is
 * not removed. An example file documents names only: it neither keeps a variable the code stopped
 * reading alive nor makes a new one; a name only an example listed that leaves it is an advisory.
 * Renames: see {@link pairRenames}.
 */
export function diffEnvSurfaces(base: EnvSurface, head: EnvSurface): EnvDiff {
  const diff = emptyEnvDiff();
  const liveAt = (surface: EnvSurface, name: string) => {
    const variable = surface.get(name);
    return variable !== undefined && isLive(variable);
  };
  const vanished = sortedNames(base).filter((name) => liveAt(base, name) && !liveAt(head, name));
  const appeared = sortedNames(head).filter((name) => liveAt(head, name) && !liveAt(base, name));
  const renames = pairRenames(
    vanished.map((name) => base.get(name)!),
    appeared.map((name) => head.get(name)!),
    head,
  );
  const renamedFrom = new Set(renames.map(([previous]) => previous.name));
  const renamedTo = new Set(renames.map(([, next]) => next.name));

  for (const name of sortedNames(base)) {
    const variable = base.get(name)!;
    const listing = variable.listings[0];
    if (!isLive(variable) && listing && !head.has(name)) diff.exampleRemoved.push({ name, file: listing.file, evidence: evidenceOf(variable) });
  }
  for (const name of vanished) {
    if (renamedFrom.has(name)) continue;
    const variable = base.get(name)!;
    diff.removed.push({ name, previousDefault: effectiveDefault(variable), evidence: evidenceOf(variable) });
  }
  for (const [previous, next] of renames) {
    diff.renamed.push({ name: next.name, previousName: previous.name, defaultValue: effectiveDefault(next), evidence: evidenceOf(next) });
  }
  for (const name of appeared) {
    if (renamedTo.has(name)) continue;
    const variable = head.get(name)!;
    diff.added.push({ name, defaultValue: effectiveDefault(variable), evidence: evidenceOf(variable) });
  }
  for (const name of sortedNames(head)) {
    const before = base.get(name);
    const after = head.get(name)!;
    if (!before || !isLive(before) || !isLive(after)) continue;
    const change = defaultChange(before, after, (other) => liveAt(base, other) && liveAt(head, other));
    if (change) diff.defaultChanged.push({ name, ...change, evidence: evidenceOf(after, change.fromListing) });
    const unproven = diff.unproven.length;
    requirementChange(before, after, diff);
    if (!change && diff.unproven.length === unproven && !diff.becameRequired.some((entry) => entry.name === name)) opaqueChange(before, after, diff);
  }
  diff.renamed.sort((a, b) => compareText(a.name, b.name) || compareText(a.previousName, b.previousName));
  diff.unproven.sort((a, b) => compareText(a.name, b.name) || compareText(a.reason, b.reason));
  return diff;
}

function isLive(variable: EnvVariable): boolean {
  return variable.reads.length > 0 || variable.listings.some((listing) => !listing.example);
}

/**
 * Distinct literal defaults of the code reads, joined when the code disagrees with itself; null when none.
 * A comparison's result (`process.env.X === 'true'` → `'false'`) is the variable's default only when
 * the variable is read nowhere else: beside plain reads it says what one test gives, not what X is.
 */
export function codeDefault(variable: EnvVariable): ConfigDefault {
  const plain = variable.reads.filter((read) => read.compared !== true);
  const reads = plain.length > 0 ? plain : variable.reads;
  const defaults = [...new Set(reads.map((read) => read.default).filter((value): value is string => value !== null))].sort(compareText);
  return defaults.length === 0 ? null : defaults.join(' | ');
}

/**
 * The value of the first configured env file that lists it and is not an example (`.env.defaults`);
 * undefined when none does. An example file's value is what someone might set, never a default.
 */
export function listedDefault(variable: EnvVariable): ConfigDefault | undefined {
  return variable.listings.find((listing) => !listing.example)?.value;
}

/** What an operator who does not set the variable gets: the code's default, else a defaults file's. */
export function effectiveDefault(variable: EnvVariable): ConfigDefault {
  return codeDefault(variable) ?? listedDefault(variable) ?? null;
}

function defaultChange(
  before: EnvVariable,
  after: EnvVariable,
  liveAtBoth: (name: string) => boolean,
): { previousDefault: ConfigDefault; defaultValue: ConfigDefault; fromListing: boolean } | undefined {
  if (codeDefault(before) !== codeDefault(after)) {
    const [previousDefault, defaultValue] = [effectiveDefault(before), effectiveDefault(after)];
    if (previousDefault !== defaultValue)
      return { previousDefault, defaultValue, fromListing: codeDefault(after) === null && listedDefault(after) !== undefined };
  }
  // The same literal, but an unset variable now takes another variable's value (or no longer does).
  // A fallback whose variable appeared or went is a rename or an addition, reported as such.
  const [variablesBefore, variablesAfter] = [defaultVariables(before).filter(liveAtBoth), defaultVariables(after).filter(liveAtBoth)];
  if (variablesBefore.join('\0') !== variablesAfter.join('\0')) {
    return { previousDefault: unsetValue(before, variablesBefore), defaultValue: unsetValue(after, variablesAfter), fromListing: false };
  }
  // An example an operator copies that now says something else. A listing that merely appeared or
  // went away changes nothing for a running deployment: the code's own default is what it gets.
  const [listedBefore, listedAfter] = [listedDefault(before), listedDefault(after)];
  if (listedBefore !== undefined && listedAfter !== undefined && listedBefore !== listedAfter) {
    return { previousDefault: listedBefore, defaultValue: listedAfter, fromListing: true };
  }
  return undefined;
}

/** The variables an unset one takes its value from ({@link EnvRead.defaultFrom}), over its plain reads. */
function defaultVariables(variable: EnvVariable): string[] {
  const plain = variable.reads.filter((read) => read.compared !== true);
  return [...new Set(plain.flatMap((read) => read.defaultFrom ?? []))].sort(compareText);
}

/** What an unset variable gets, written as a default: `${OTHER}` for another variable's value (as docker compose writes it), then the literal. */
function unsetValue(variable: EnvVariable, variables: readonly string[]): ConfigDefault {
  const literal = effectiveDefault(variable);
  if (variables.length === 0) return literal;
  return [...variables.map((name) => `\${${name}}`), ...(literal === null ? [] : [literal])].join(' || ');
}

/**
 * How a ref treats the variable unset, from its schema keys: `required` when any schema refuses it
 * (the service does not start), else `unknown` when a schema cannot be read that far, else
 * `optional`; `plain` when no schema declares it (plain reads accept unset, or fail in code we do not read).
 */
function requirement(variable: EnvVariable): 'required' | 'unknown' | 'optional' | 'plain' {
  const schemaReads = variable.reads.filter((read) => read.optional !== undefined);
  if (schemaReads.length === 0) return 'plain';
  if (schemaReads.some((read) => read.optional === false)) return 'required';
  return schemaReads.some((read) => read.optional === null) ? 'unknown' : 'optional';
}

/**
 * A variable unset in some deployment that the old release accepted and the new one refuses: the
 * new instances do not start while the old ones run. Proven when the old release accepted it
 * (an optional schema key, or a literal default); when the old release read it without a schema
 * and without a default, or either schema cannot be read that far, it is not proven either way.
 */
function requirementChange(before: EnvVariable, after: EnvVariable, diff: EnvDiff): void {
  const [from, to] = [requirement(before), requirement(after)];
  if (from === to || from === 'required' || (to !== 'required' && to !== 'unknown')) return;
  const name = after.name;
  const at = (variable: EnvVariable, side: string) => {
    const read = variable.reads.find((entry) => entry.optional !== undefined) ?? variable.reads[0];
    return read ? `${side} (${read.file}:${read.line})` : side;
  };
  const previousDefault = effectiveDefault(before);
  if (to === 'required' && (from === 'optional' || (from === 'plain' && previousDefault !== null))) {
    diff.becameRequired.push({ name, previousDefault, evidence: evidenceOf({ ...after, reads: after.reads.filter((read) => read.optional === false) }) });
  } else if (to === 'required') {
    diff.unproven.push({
      name,
      reason:
        from === 'plain'
          ? `${name} is required at ${at(after, 'the head (to) ref')}; the base (from) ref read it without a schema or a default, so whether it accepted ${name} unset cannot be told`
          : `whether ${name} is required at ${at(before, 'the base (from) ref')} cannot be told, and it is required at the head (to) ref`,
    });
  } else {
    diff.unproven.push({ name, reason: `whether ${name} is required at ${at(after, 'the head (to) ref')} cannot be told; at the base (from) ref it was not` });
  }
}

/**
 * Defaults (or schemas) the reader cannot evaluate, written differently at the two refs: the
 * literal defaults compare equal, yet an unset variable may behave differently. Not proven either way.
 */
function opaqueChange(before: EnvVariable, after: EnvVariable, diff: EnvDiff): void {
  const written = (variable: EnvVariable) =>
    [...new Set(variable.reads.map((read) => read.opaque).filter((text): text is string => text !== undefined))].sort(compareText);
  const [from, to] = [written(before), written(after)];
  if (from.join('\0') === to.join('\0')) return;
  const shown = (variable: EnvVariable, texts: readonly string[]) => {
    const read = variable.reads.find((entry) => entry.opaque === texts[0]);
    return texts.length === 0
      ? 'none'
      : `\`${truncate(texts[0]!)}\`${read ? ` (${read.file}:${read.line})` : ''}${texts.length > 1 ? ` and ${texts.length - 1} more` : ''}`;
  };
  diff.unproven.push({
    name: after.name,
    reason: `the default of ${after.name} is not a literal and changed: ${shown(before, from)} at the base (from) ref, ${shown(after, to)} at the head (to) ref, so whether an unset ${after.name} behaves alike cannot be told`,
  });
}

function truncate(text: string): string {
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

/**
 * Rename candidates, each a reason to think a vanished name lives on under another:
 * - the same place: same file and enclosing names (`port: process.env.PORT` → `port: process.env.HTTP_PORT`);
 * - the same file and the same (non-empty) code default, anywhere in the file (a setting moved to another section);
 * - a fallback chain at `from` (`process.env.NEW ?? process.env.OLD`) whose other name is still read.
 * A pair is a rename only when each side has exactly one candidate: an ambiguous pair stays removed + added.
 */
function pairRenames(vanished: readonly EnvVariable[], appeared: readonly EnvVariable[], head: EnvSurface): Array<[EnvVariable, EnvVariable]> {
  const candidates = new Map<string, Set<string>>();
  const reverse = new Map<string, Set<string>>();
  const link = (from: string, to: string) => {
    if (!candidates.has(from)) candidates.set(from, new Set());
    if (!reverse.has(to)) reverse.set(to, new Set());
    candidates.get(from)!.add(to);
    reverse.get(to)!.add(from);
  };
  const coded = (variable: EnvVariable) => variable.reads.length > 0;
  const [codedVanished, codedAppeared] = [vanished.filter(coded), appeared.filter(coded)];

  const placesOf = (variable: EnvVariable) => new Set(variable.reads.map((read) => `${read.file}#${read.shape}`));
  const vanishedAt = groupByPlace(codedVanished, placesOf);
  const appearedAt = groupByPlace(codedAppeared, placesOf);
  for (const [place, previous] of vanishedAt) {
    const next = appearedAt.get(place);
    if (previous.length === 1 && next?.length === 1) link(previous[0]!.name, next[0]!.name);
  }

  const fileDefaultsOf = (variable: EnvVariable) => {
    const value = codeDefault(variable);
    return value === null ? new Set<string>() : new Set(variable.reads.map((read) => `${read.file}#${value}`));
  };
  const vanishedByDefault = groupByPlace(codedVanished, fileDefaultsOf);
  const appearedByDefault = groupByPlace(codedAppeared, fileDefaultsOf);
  for (const [key, previous] of vanishedByDefault) {
    const next = appearedByDefault.get(key);
    if (previous.length === 1 && next?.length === 1) link(previous[0]!.name, next[0]!.name);
  }

  for (const variable of codedVanished) {
    for (const read of variable.reads) for (const other of read.fallbacks ?? []) if (head.get(other)?.reads.length) link(variable.name, other);
  }

  const byName = new Map([...vanished, ...appeared, ...head.values()].map((variable) => [variable.name, variable]));
  const pairs: Array<[EnvVariable, EnvVariable]> = [];
  for (const [from, targets] of [...candidates].sort(([a], [b]) => compareText(a, b))) {
    const [to] = targets;
    if (targets.size !== 1 || to === undefined || reverse.get(to)?.size !== 1) continue;
    pairs.push([byName.get(from)!, byName.get(to)!]);
  }
  return pairs;
}

function groupByPlace(variables: readonly EnvVariable[], placesOf: (variable: EnvVariable) => Set<string>): Map<string, EnvVariable[]> {
  const byPlace = new Map<string, EnvVariable[]>();
  for (const variable of variables) {
    for (const place of placesOf(variable)) byPlace.set(place, [...(byPlace.get(place) ?? []), variable]);
  }
  return byPlace;
}

function sortedNames(surface: EnvSurface): string[] {
  return [...surface.keys()].sort(compareText);
}

/** The first code read (or, for a default that comes from an example file, its listing). */
function evidenceOf(variable: EnvVariable, preferListing = false): Evidence {
  const read = variable.reads[0];
  const listing = (preferListing ? variable.listings.find((entry) => !entry.example) : undefined) ?? variable.listings[0];
  if (listing && (preferListing || !read)) return { file: listing.file, line: listing.line, statement: listing.statement };
  if (read) return { file: read.file, line: read.line, statement: read.statement };
  return {};
}

/** How a default reads in a message: quoted, or `none` when unset means unset. */
export function describeDefault(value: ConfigDefault): string {
  if (value === null) return 'none';
  const variable = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value);
  return variable ? `the value of ${variable[1]}` : `'${value}'`;
}
