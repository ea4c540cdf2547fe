import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runDeclarationsStage } from './run-declarations-stage.js';

const OPENERS = ['//', '#', '--', '/*', ' *'] as const;
// A small pool, so the same declaration often appears twice (in base and head, or twice in head).
const reason = fc.oneof(
  fc.constantFrom('the cache keys are hashed differently', 'jobs are re-keyed by their tenant id', 'workers restart together with the api'),
  fc.stringMatching(/^[a-z][a-z ]{19,40}[a-z]$/),
);
const annotation = fc.record({ opener: fc.constantFrom(...OPENERS), stop: fc.boolean(), reason });
const render = (a: { opener: string; stop: boolean; reason: string }) =>
  `${a.opener} @release-safety breaking${a.stop ? ' required-stop' : ''}: ${a.reason}${a.opener === '/*' ? ' */' : ''}`;
const fileName = fc.constantFrom('src/a.ts', 'src/b.ts', 'db/1.sql', 'deploy/run.sh');

describe('declarationsStage properties', () => {
  it('annotations kept from base are never new; added ones are found exactly once each, wherever they move', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fileName, annotation), { maxLength: 6 }),
        fc.array(fc.tuple(fileName, annotation), { maxLength: 4 }),
        fc.boolean(),
        async (kept, added, shuffle) => {
          const toFiles = (entries: Array<[string, { opener: string; stop: boolean; reason: string }]>) => {
            const files: Record<string, string> = {};
            for (const [file, a] of entries) files[file] = `${files[file] ?? 'start'}\n${render(a)}`;
            return files;
          };
          // Moving kept annotations to other files (a rename) must not make them new.
          const movedKept = shuffle ? kept.map(([, a], i): [string, typeof a] => [`moved/${i % 3}.ts`, a]) : kept;
          const result = await runDeclarationsStage(toFiles(kept), toFiles([...movedKept, ...added]));
          const found = result.section.map((d) => `${d.requiredStop}:${d.reason}`).sort();
          // Head is kept + added and base is kept: the multiset difference is exactly what was added.
          const expected = added.map(([, a]) => `${a.stop}:${a.reason}`);
          expect(found).toEqual(expected.sort());
          expect(result.verdict).toEqual({ checked: true, breaking: expected.length > 0 });
        },
      ),
      { numRuns: 150 },
    );
  });
});
