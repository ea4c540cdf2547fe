import { parseEnv } from 'node:util';
import { compareText } from '../../core/compare-text.js';

/** One variable listed in a `.env`-style example file; its value is the documented default. */
export interface EnvFileEntry {
  name: string;
  /** The example value; an empty value (`KEY=`) documents "no default" and is null. */
  value: string | null;
  line: number;
  statement: string;
}

/** Parses a `.env` example with Node's own parser (quotes, `export`, comments), adding the line of each key. */
export function parseEnvFile(fileText: string): EnvFileEntry[] {
  // A byte-order mark would otherwise become part of the first key's name (`\uFEFFPORT`).
  const text = fileText.charCodeAt(0) === 0xfeff ? fileText.slice(1) : fileText;
  const values = parseEnv(text) as Record<string, string>;
  const lines = text.split(/\r?\n/);
  const entries: EnvFileEntry[] = [];
  for (const [name, value] of Object.entries(values)) {
    const keyPattern = new RegExp(`^\\s*(?:export\\s+)?${escapeRegExp(name)}\\s*[=:]`);
    // The last assignment wins in parseEnv, so the evidence is the last matching line.
    let index = -1;
    lines.forEach((line, i) => {
      if (keyPattern.test(line)) index = i;
    });
    entries.push({ name, value: value === '' ? null : value, line: index + 1, statement: (lines[index] ?? '').trim() });
  }
  return entries.sort((a, b) => a.line - b.line || compareText(a.name, b.name));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
