import { describe, expect, it } from 'vitest';
import { readPaths, rewriteAliases } from './path-aliases.js';

describe('path aliases of the nearest tsconfig.json', () => {
  // rallly's apps/web/tsconfig.json: `"@/*": ["./src/*"]`, with a comment and a trailing comma.
  const config = readPaths('apps/web/tsconfig.json', '{\n  "extends": "@rallly/tsconfig/next.json",\n  // aliases\n  "compilerOptions": { "paths": { "@/*": ["./src/*"], }, },\n  /* globs */ "include": ["**/*.ts", ".next/types/**/*.ts"]\n}\n')!;
  const files = new Set(['apps/web/src/features/poll/schema.ts', 'apps/web/src/trpc/routers/polls.ts', 'apps/web/src/lib/index.ts']);
  const table = { configOf: () => config };
  const rewrite = (text: string) => rewriteAliases('apps/web/src/trpc/routers/polls.ts', text, table, (path) => files.has(path));

  it('an alias that leads to a file becomes the relative import it stands for', () => {
    expect(rewrite('import { MAX } from "@/features/poll/schema";\nimport { x } from "@/lib";\n')).toBe('import { MAX } from "../../features/poll/schema";\nimport { x } from "../../lib";\n');
  });

  it('packages, relative imports and aliases that lead nowhere are left as written', () => {
    const text = "import { z } from 'zod';\nimport { a } from './a';\nimport { gone } from '@/features/gone';\n";
    expect(rewrite(text)).toBe(text);
  });

  it('a tsconfig.json without paths, or that does not parse, gives none', () => {
    expect(readPaths('tsconfig.json', '{ "compilerOptions": {} }')).toBeUndefined();
    expect(readPaths('tsconfig.json', '{ not json')).toBeUndefined();
  });
});
