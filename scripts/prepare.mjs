// `npm install github:release-safety/release-safety` (a git dependency) runs `prepare`, not
// `prepack`, in a fresh clone with its devDependencies, then packs it: the package must be built
// there. A clone that has dist/ already (a developer's, CI's after `npm run build`) is left alone, so
// `npm install` in the repository stays fast.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync(new URL('../dist/bin/release-safety.js', import.meta.url))) {
  const run = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  process.exit(run.status ?? 1);
}
