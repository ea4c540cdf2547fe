import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The run itself is replaced: what matters here is which options reach it, by either way of reading them.
vi.mock('../../src/cli/upgrade-check-run.js', () => ({ runUpgradeCheck: vi.fn(async () => undefined) }));

const { runUpgradeCheck } = await import('../../src/cli/upgrade-check-run.js');
const { runCommandLine } = await import('../../src/cli/command-line.js');
const { simpleUpgradeCheckOptions } = await import('../../src/cli/upgrade-check-args.js');
const { main } = await import('../../src/cli/program.js');

const run = vi.mocked(runUpgradeCheck);

/** The options commander's definition of the command hands to the run for `argv`; undefined when it ran nothing. */
async function optionsThroughCommander(argv: string[]): Promise<unknown> {
  run.mockClear();
  try {
    await runCommandLine(argv);
  } catch {
    // A usage error of the action (a bad version): nothing ran.
  }
  return run.mock.calls.length === 1 ? run.mock.calls[0]![0] : undefined;
}

const version = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.nat(40), fc.nat(40), fc.nat(40)).map(([a, b, c]) => `${a}.${b}.${c}`) },
  { weight: 2, arbitrary: fc.constantFrom('1.2.3', 'v1.2.3', '0.0.1', ' 2.0.0', '1.2.3 ') },
  { weight: 1, arbitrary: fc.constantFrom('1.2', '1.2.3-rc.1', '01.2.3', 'x', '', '-1.0.0', '--json') },
);
const number = fc.oneof(fc.constantFrom('15000', '0', '-5', '1e3', ' 7', '9007199254740993', 'abc', ''), fc.nat().map(String));
/** One option as it may be written: `--name value`, `--name=value`, or `--name` alone. */
const written = (name: string, value: fc.Arbitrary<string>) =>
  value.chain((text) =>
    fc.oneof(
      { weight: 4, arbitrary: fc.constant([name, text]) },
      { weight: 2, arbitrary: fc.constant([`${name}=${text}`]) },
      { weight: 1, arbitrary: fc.constant([name]) },
    ),
  );
const extra = fc.oneof(
  { weight: 3, arbitrary: written('--index', fc.constantFrom('index.json', 'https://example.com/i.json', '-', '--json', 'a=b', '')) },
  { weight: 3, arbitrary: written('--timeout', number) },
  { weight: 3, arbitrary: written('--max-index-bytes', number) },
  { weight: 3, arbitrary: fc.constantFrom(['--json'], ['--offline'], ['--json=1']) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(['--help'], ['-h'], ['--fro', '1.0.0'], ['extra'], ['--'], ['-j'], ['--version'], ['--from', '1.0.0'], ['--to', '2.0.0']),
  },
);
const argvs = fc
  .tuple(fc.option(written('--from', version), { freq: 10 }), fc.option(written('--to', version), { freq: 10 }), fc.array(extra, { maxLength: 4 }))
  .chain(([from, to, extras]) =>
    fc.shuffledSubarray([...(from ? [from] : []), ...(to ? [to] : []), ...extras], { minLength: [from, to, ...extras].filter(Boolean).length }),
  )
  .map((tokens) => ['upgrade-check', ...tokens.flat()]);

describe('a plain upgrade-check command line read without commander', () => {
  let stderr: ReturnType<typeof vi.spyOn>;
  let stdout: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    stdout = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    stderr.mockRestore();
    stdout.mockRestore();
    process.exitCode = undefined;
  });

  it('gives the run exactly the options commander gives it, for every command line it accepts', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(argvs, async (argv) => {
        const simple = simpleUpgradeCheckOptions(argv);
        if (simple === undefined) return;
        accepted++;
        expect(await optionsThroughCommander(argv)).toEqual(simple);
      }),
      { numRuns: 1500 },
    );
    // The generator reaches accepted command lines often enough for the comparison to mean something.
    expect(accepted).toBeGreaterThan(30);
  });

  it.each([
    [
      ['upgrade-check', '--from', '1.0.0', '--to', 'v1.2.0', '--index', 'i.json', '--json'],
      { from: '1.0.0', to: '1.2.0', index: 'i.json', json: true, timeout: 15_000, maxIndexBytes: 64 * 1024 * 1024 },
    ],
    [
      ['upgrade-check', '--to=2.0.0', '--offline', '--from=1.9.9', '--timeout', '500', '--max-index-bytes=1000'],
      { from: '1.9.9', to: '2.0.0', offline: true, timeout: 500, maxIndexBytes: 1000 },
    ],
  ])('reads %j', (argv, expected) => {
    expect(simpleUpgradeCheckOptions(argv)).toEqual(expected);
  });

  it.each([
    [['upgrade-check', '--from', '1.0.0', '--to', '1.2.0', '--help']],
    [['upgrade-check', '--from', '1.0.0']],
    [['upgrade-check', '--from', '1.0.0', '--to', '1.2']],
    [['upgrade-check', '--from', '1.0.0', '--to', '1.2.0', '--from', '1.1.0']],
    [['upgrade-check', '--from', '1.0.0', '--to', '1.2.0', '--timeout', '0']],
    [['upgrade-check', '--from', '1.0.0', '--to', '1.2.0', '--index']],
    [['upgrade-check', '--from', '1.0.0', '--to', '1.2.0', 'extra']],
    [['--version']],
    [['generate', '--from', '1.0.0', '--to', '1.2.0']],
  ])('leaves %j to commander', (argv) => {
    expect(simpleUpgradeCheckOptions(argv)).toBeUndefined();
  });

  it('main() hands a plain command line straight to the run, and a usage mistake to commander', async () => {
    run.mockClear();
    expect(await main(['upgrade-check', '--from', '1.0.0', '--to', '1.2.0', '--index', 'i.json'])).toBe(0);
    expect(run).toHaveBeenCalledTimes(1);
    // A usage mistake still gets commander's error and exit 2.
    expect(await main(['upgrade-check', '--from', '1.0.0'])).toBe(2);
    expect(stderr.mock.calls.map((call: unknown[]) => String(call[0])).join('')).toMatch(/required option '--to <version>' not specified/);
  });
});
