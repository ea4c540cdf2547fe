import { readFileSync } from 'node:fs';

/** The tool's own version, from package.json (one folder above `src/` and `dist/`); `0.0.0` in a bundle without it. */
export function packageVersion(): string {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    return (JSON.parse(text) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}
