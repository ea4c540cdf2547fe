import type { ChangedPath, ChangeStatus } from '../stages/contract.js';
import { compareText } from '../core/compare-text.js';

/** Parsers of git's NUL-separated plumbing output: pure, so they are tested without a repository. */

/** `ls-tree -r -z --full-tree`: `<mode> SP <type> SP <id> TAB <path> NUL`. Only blobs (files, symlinks) are kept. */
export function parseLsTree(output: string): Map<string, string> {
  const blobsByPath = new Map<string, string>();
  for (const record of output.split('\0')) {
    if (record === '') continue;
    const tab = record.indexOf('\t');
    if (tab < 0) throw new Error(`unexpected ls-tree record: ${JSON.stringify(record.slice(0, 80))}`);
    const [, type, id] = record.slice(0, tab).split(' ');
    // Submodules (type "commit") have no content in this repository; nothing to read.
    if (type !== 'blob' || id === undefined) continue;
    blobsByPath.set(record.slice(tab + 1), id);
  }
  return blobsByPath;
}

const STATUS_BY_LETTER: Readonly<Record<string, ChangeStatus>> = {
  A: 'added',
  D: 'deleted',
  M: 'modified',
  // A type change (file ↔ symlink) changes the content a stage would read.
  T: 'modified',
};

/** `diff-tree -r -z --name-status --no-renames`: `<status> NUL <path> NUL` pairs, sorted by path. */
export function parseNameStatus(output: string): ChangedPath[] {
  const fields = output.split('\0');
  const changes: ChangedPath[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const letter = fields[i] ?? '';
    const path = fields[i + 1] ?? '';
    if (letter === '' && path === '') continue;
    const status = STATUS_BY_LETTER[letter.charAt(0)];
    if (!status) throw new Error(`unexpected diff status ${JSON.stringify(letter)} for ${path}`);
    changes.push({ status, path });
  }
  return changes.sort((a, b) => compareText(a.path, b.path));
}

/** Committer time of a raw commit object (`committer Name <mail> <seconds> <tz>`), as ISO 8601 UTC. */
export function committerDateOf(commitObject: string): string {
  const header = commitObject.split('\n\n', 1)[0] ?? '';
  const line = header.split('\n').find((l) => l.startsWith('committer '));
  const match = line ? / (\d+) [+-]\d{4}$/.exec(line) : null;
  if (!match?.[1]) throw new Error('commit object has no committer date');
  return new Date(Number(match[1]) * 1000).toISOString();
}

export interface TagRecord {
  name: string;
  /** Commit the tag points at (through an annotated tag when there is one); undefined for tags of non-commits. */
  commit: string | undefined;
}

/**
 * `for-each-ref refs/tags --format=%(refname:strip=2)%00%(objecttype)%00%(objectname)%00%(*objecttype)%00%(*objectname)`,
 * one record per line. Lightweight tags point at the commit; annotated tags dereference once.
 */
export function parseTagRefs(output: string): TagRecord[] {
  const records: TagRecord[] = [];
  for (const line of output.split('\n')) {
    if (line === '') continue;
    const [name, type, id, derefType, derefId] = line.split('\0');
    if (name === undefined) continue;
    const commit = type === 'commit' ? id : type === 'tag' && derefType === 'commit' ? derefId : undefined;
    records.push({ name, commit });
  }
  return records;
}
