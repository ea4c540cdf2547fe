// Keeps in dist/types only the declaration files the library entry's types reach (dist/types/lib.d.ts
// and what it imports, transitively). tsc emits one per module of the program, ~400, because the
// CLI's lazy `import()`s belong to it; the package ships the library's types, not the CLI's.
import { existsSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const root = resolve(process.argv[2] ?? 'dist/types');
const keep = new Set();
const pending = [join(root, 'lib.d.ts')];
while (pending.length > 0) {
  const file = pending.pop();
  if (keep.has(file) || !existsSync(file)) continue;
  keep.add(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/(?:from\s+|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    pending.push(resolve(dirname(file), match[1].replace(/\.js$/, '.d.ts')));
  }
}
let removed = 0;
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
  const full = join(entry.parentPath, entry.name);
  if (entry.isFile() && !keep.has(full)) {
    rmSync(full);
    removed++;
  }
}
// Folders left empty go too.
for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }).reverse()) {
  const full = join(entry.parentPath, entry.name);
  if (entry.isDirectory() && readdirSync(full).length === 0) rmSync(full, { recursive: true });
}
console.log(`dist/types: ${keep.size} declaration files for the library entry (${removed} others removed)`);
