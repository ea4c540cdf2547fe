/**
 * History-proof globs for the surfaces `init` configures. The files found at the newest commit say
 * where a surface lives today; a backfill visits releases where sub-folders did not exist yet or
 * were named differently (`src/pages/api` before `src/app/api`). So `init` writes intent, not today's
 * folders: one recursive glob per stable root, the package's first-level source folder
 * (`apps/server/src/**`, `server/**`), with the extensions of both TypeScript and JavaScript (a
 * service that moved from one to the other is still read). Tests, stories, declaration files and
 * build configs under a root are left out by the stages themselves (stages/source-globs.ts).
 */
export const SOURCE_EXTENSIONS = '{ts,tsx,mts,cts,js,jsx,mjs,cjs}';

/** Folders holding a package.json (a monorepo's packages), the repository root as ''. */
export function packageDirs(files: readonly string[]): Set<string> {
  const dirs = new Set<string>(['']);
  for (const file of files) {
    if (file === 'package.json') continue;
    if (file.endsWith('/package.json') && !/(^|\/)node_modules\//.test(file)) dirs.add(file.slice(0, -'/package.json'.length));
  }
  return dirs;
}

/** The nearest folder of `file` that holds a package.json ('' for the repository root). */
export function packageOf(file: string, packages: ReadonlySet<string>): string {
  let dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  while (dir !== '' && !packages.has(dir)) dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '';
  return dir;
}

/**
 * One glob per stable root of `files`: `<package>/<first folder>/**\/*.<ext>` for a file inside a
 * folder of its package, `<package>/*.<ext>` for a file at the package's top. `nested` narrows the
 * root to the files' own folder below the first one (MCP tools: their closure is read whole, so the
 * root stays close to them).
 */
export function stableGlobs(files: readonly string[], packages: ReadonlySet<string>, options: { nested?: boolean } = {}): string[] {
  const globs = new Set<string>();
  for (const file of files) {
    const pkg = packageOf(file, packages);
    const prefix = pkg === '' ? '' : `${pkg}/`;
    const rest = file.slice(prefix.length).split('/');
    if (rest.length === 1) {
      globs.add(`${prefix}*.${SOURCE_EXTENSIONS}`);
      continue;
    }
    const depth = options.nested ? rest.length - 1 : 1;
    globs.add(`${prefix}${rest.slice(0, depth).join('/')}/**/*.${SOURCE_EXTENSIONS}`);
  }
  // A root inside another root adds nothing.
  const roots = [...globs].sort();
  return roots.filter((glob) => {
    const root = glob.endsWith(`/**/*.${SOURCE_EXTENSIONS}`) ? glob.slice(0, -`/**/*.${SOURCE_EXTENSIONS}`.length) : undefined;
    return !roots.some(
      (other) =>
        other !== glob &&
        other.endsWith(`/**/*.${SOURCE_EXTENSIONS}`) &&
        root !== undefined &&
        root.startsWith(`${other.slice(0, -`/**/*.${SOURCE_EXTENSIONS}`.length)}/`),
    );
  });
}
