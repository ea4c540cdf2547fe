import { describe, expect, it } from 'vitest';
import type { ApiSurfaceSection, ConfigSection, DeclaredBreak, Heaviness, MigrationsSection, UpgradeSection } from '../artifact/types.js';
import type { Tri } from '../core/tristate.js';
import type { Surface } from '../rules/types.js';
import type { StageVerdict } from '../stages/contract.js';
import { verdictSurfaces } from '../surfaces/registry.js';
import { decideVerdict, minPreviousVersionFrom, type VerdictInput } from './verdict.js';

const CLEAR: StageVerdict = { checked: true, breaking: false };
const UNCHECKED: StageVerdict = { checked: false, breaking: 'unknown' };
const BREAKING: StageVerdict = { checked: true, breaking: true };

const api = (checked: boolean, breaking: Tri): ApiSurfaceSection => ({ checked, breaking, changes: [], breakingCount: 0, advisories: [], advisoryCount: 0 });
const light: Heaviness = { locksTable: false, rewritesTable: false, scansTable: false };
const migrationsWith = (...heaviness: Heaviness[]): MigrationsSection => ({
  present: heaviness.length > 0,
  count: heaviness.length,
  coreCount: heaviness.length,
  eeCount: 0,
  files: heaviness.map((h, i) => ({ name: `00${i}.sql`, edition: 'core', tables: ['t'], heaviness: h })),
});
const declared = (requiredStop: boolean): DeclaredBreak => ({ file: 'src/a.ts', line: 3, reason: 'drops the legacy session table', requiredStop });

/** The sections of a release by the artifact's field names, and each stage's own verdict. */
interface Release {
  migrations: MigrationsSection;
  rest: ApiSurfaceSection;
  mcp: ApiSurfaceSection;
  config: ConfigSection;
  declaredBreaks: DeclaredBreak[];
  previousUpgrade?: UpgradeSection;
  stages?: Partial<Record<Surface, StageVerdict>>;
}

/** A quiet release: every surface checked, nothing found. Each case changes one thing. */
function quiet(overrides: Partial<Release> = {}): VerdictInput {
  const release: Release = {
    migrations: migrationsWith(),
    rest: api(true, false),
    mcp: api(true, false),
    config: { checked: true, breaking: false, changes: [] },
    declaredBreaks: [],
    ...overrides,
  };
  const stages = { migrations: CLEAR, rest: CLEAR, graphql: CLEAR, trpc: CLEAR, mcp: CLEAR, config: CLEAR, declarations: CLEAR, ...overrides.stages };
  const result = <Section>(section: Section, verdict: StageVerdict) => ({ section, verdict, findings: [], notes: [] });
  const surfaces = verdictSurfaces({
    migrations: result(release.migrations, stages.migrations),
    rest: result(release.rest, stages.rest),
    graphql: result(api(true, false), stages.graphql),
    trpc: result(api(true, false), stages.trpc),
    mcp: result(release.mcp, stages.mcp),
    config: result(release.config, stages.config),
    declarations: result(release.declaredBreaks, stages.declarations),
  });
  return {
    version: '1.2.0',
    surfaces,
    declaredBreaks: release.declaredBreaks,
    ...(release.previousUpgrade ? { previousUpgrade: release.previousUpgrade } : {}),
  };
}

describe('decideVerdict: rollingUpdateSafe', () => {
  it('no surface compared proves nothing: unknown', () => {
    expect(decideVerdict({ ...quiet(), surfaces: [] }).compatibility.rollingUpdateSafe).toBe('unknown');
  });

  it.each<[string, VerdictInput, Tri]>([
    ['quiet release, every surface checked', quiet(), true],
    ['light migrations only', quiet({ migrations: migrationsWith(light, light) }), true],
    ['REST breaking', quiet({ stages: { rest: BREAKING }, rest: api(true, true) }), false],
    ['MCP section breaking while its stage verdict says clear', quiet({ mcp: api(true, true) }), false],
    ['config breaking', quiet({ stages: { config: BREAKING } }), false],
    ['a migration locks a table', quiet({ migrations: migrationsWith(light, { ...light, locksTable: true }) }), false],
    ['a migration rewrites a table', quiet({ migrations: migrationsWith({ ...light, rewritesTable: true }) }), false],
    ['an unclassified migration', quiet({ migrations: migrationsWith({ ...light, scansTable: 'unknown' }) }), 'unknown'],
    [
      'a heavy and an unclassified migration',
      quiet({ migrations: migrationsWith({ ...light, scansTable: 'unknown' }, { ...light, locksTable: true }) }),
      false,
    ],
    ['migrations presence unknown', quiet({ migrations: { ...migrationsWith(), present: 'unknown' } }), 'unknown'],
    ['a declared break', quiet({ declaredBreaks: [declared(false)] }), false],
    ['a declared required stop', quiet({ declaredBreaks: [declared(true)] }), false],
    ['REST unchecked', quiet({ stages: { rest: UNCHECKED }, rest: api(false, 'unknown') }), 'unknown'],
    ['REST stage says unchecked but not breaking', quiet({ stages: { rest: { checked: false, breaking: false } } }), 'unknown'],
    ['MCP section unchecked while its stage says checked', quiet({ mcp: api(false, false) }), 'unknown'],
    ['declarations not checked', quiet({ stages: { declarations: UNCHECKED } }), 'unknown'],
    ['config breaking unknown', quiet({ stages: { config: { checked: true, breaking: 'unknown' } } }), 'unknown'],
    ['unknown elsewhere does not hide a proven break', quiet({ stages: { rest: UNCHECKED, config: BREAKING } }), false],
    [
      'nothing configured (every stage unchecked)',
      quiet({ stages: { migrations: UNCHECKED, rest: UNCHECKED, mcp: UNCHECKED, config: UNCHECKED, declarations: UNCHECKED } }),
      'unknown',
    ],
  ])('%s → %j', (_name, input, expected) => {
    const verdict = decideVerdict(input);
    expect(verdict.compatibility.rollingUpdateSafe).toBe(expected);
    expect(verdict.compatibility.recommendedStrategy).toBe(expected === true ? 'RollingUpdate' : 'Recreate');
    // A verdict that is not true always says why.
    expect(verdict.reasons.length === 0).toBe(expected === true);
  });

  it('names the cause of each surface that keeps the release from true', () => {
    const verdict = decideVerdict(
      quiet({
        stages: { rest: UNCHECKED, config: BREAKING },
        migrations: migrationsWith({ ...light, locksTable: true }),
        declaredBreaks: [declared(false)],
      }),
    );
    expect(verdict.reasons).toEqual([
      { surface: 'migrations', cause: 'heavy-migration', detail: 'heavy migration(s): 000.sql' },
      { surface: 'declarations', cause: 'declared-break', detail: '1 declared break(s)' },
      { surface: 'config', cause: 'breaking', detail: 'breaking changes found' },
      { surface: 'rest', cause: 'unchecked', detail: 'not checked' },
    ]);
    expect(verdict.surfaces.rest).toEqual({ checked: false, breaking: 'unknown' });
  });
  it('names unclassified migrations', () => {
    const verdict = decideVerdict(quiet({ migrations: migrationsWith(light, { ...light, rewritesTable: 'unknown' }) }));
    expect(verdict.reasons).toEqual([{ surface: 'migrations', cause: 'unknown', detail: 'unclassified migration(s): 001.sql' }]);
  });
});

describe('decideVerdict: upgrade', () => {
  it('lists the release itself as a required stop only when a declared break says so', () => {
    expect(decideVerdict(quiet({ declaredBreaks: [declared(false)] })).upgrade.requiredStops).toEqual([]);
    expect(decideVerdict(quiet({ declaredBreaks: [declared(false), declared(true)] })).upgrade.requiredStops).toEqual(['1.2.0']);
  });

  it.each<[string, UpgradeSection | undefined, string | null, string]>([
    ['no previous artifact', undefined, null, 'none'],
    ['previous artifact without a floor', { minPreviousVersion: null, requiredStops: [] }, null, 'none'],
    ['floor carried over', { minPreviousVersion: '1.111.0', requiredStops: [] }, '1.111.0', 'carried'],
    ['previous release was a required stop', { minPreviousVersion: null, requiredStops: ['1.120.0'] }, '1.120.0', 'required-stop'],
    ['required stop raises a lower floor (numeric order)', { minPreviousVersion: '1.99.0', requiredStops: ['1.100.0'] }, '1.100.0', 'required-stop'],
    ['a higher carried floor stays', { minPreviousVersion: '1.121.0', requiredStops: ['1.120.0'] }, '1.121.0', 'carried'],
  ])('minPreviousVersion: %s', (_name, previous, expected, source) => {
    expect(minPreviousVersionFrom(previous)).toEqual({ minPreviousVersion: expected, source });
    expect(decideVerdict(quiet({ previousUpgrade: previous })).upgrade.minPreviousVersion).toBe(expected);
  });
});
