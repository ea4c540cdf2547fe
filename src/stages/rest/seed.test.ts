import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { stageInput } from '../../../test/helpers/stage-input.js';
import { restStage } from './index.js';

/**
 * The contract's REST subset (fixtures/rest/seed/base.yaml) against variants that each break or
 * touch one thing: exact breaking lines and advisories through the whole stage.
 */

const SEED = 'fixtures/rest/seed';
const SPEC = 'api/openapi.yaml';
const base = readFileSync(`${SEED}/base.yaml`, 'utf8');
const CATALOG = 'GET /api/v2/projects/{projectUuid}/dataCatalog/metrics-with-time-dimensions';

const expectations: Record<string, { changes: string[]; advisories: string[] }> = {
  'org-users-removed': { changes: ['GET /api/v1/org/users — operation removed (no operation left on this path)'], advisories: [] },
  'record-view-enum-value-removed': {
    changes: ['POST /api/v2/content/recently-viewed — request property \'contentType\' no longer accepts "dashboard"'],
    advisories: [],
  },
  'record-view-enum-value-added': { changes: [], advisories: ['POST /api/v2/content/recently-viewed — request property \'contentType\' now accepts "space"'] },
  'record-view-security-added': { changes: ["POST /api/v2/content/recently-viewed — security scheme 'ApiKeyAuth' now required"], advisories: [] },
  'record-view-closed': { changes: ['POST /api/v2/content/recently-viewed — request body no longer accepts undeclared properties'], advisories: [] },
  'catalog-tags-not-exploded': {
    changes: [`${CATALOG} — query parameter 'tags' serialization changed from style=form explode=true to style=form explode=false`],
    advisories: [],
  },
  'catalog-page-required': { changes: [`${CATALOG} — query parameter 'page' became required`], advisories: [] },
  'catalog-page-size-default': { changes: [], advisories: [`${CATALOG} — query parameter 'pageSize' default changed from none to 50`] },
  'catalog-entry-tags-removed': { changes: [`${CATALOG} — response 200 property 'results.data[].tags' removed`], advisories: [] },
  'compile-query-sql-renamed': {
    changes: ["POST /api/v1/projects/{projectUuid}/explores/{exploreName}/compileQuery — response 200 property 'results.query' removed"],
    advisories: [],
  },
  'saved-chart-parameter-renamed': { changes: [], advisories: ["GET /api/v1/saved/{savedChartUuid} — path parameter 'chartUuid' renamed to 'savedChartUuid'"] },
  'error-status-code-optional': {
    changes: [
      "GET /api/v1/org/users — response default property 'error.statusCode' became optional",
      "GET /api/v1/saved/{chartUuid} — response default property 'error.statusCode' became optional",
      `${CATALOG} — response default property 'error.statusCode' became optional`,
      "POST /api/v1/projects/{projectUuid}/explores/{exploreName}/compileQuery — response default property 'error.statusCode' became optional",
      "POST /api/v2/content/recently-viewed — response default property 'error.statusCode' became optional",
    ],
    advisories: [],
  },
  'org-user-role-added': { changes: [], advisories: ['GET /api/v1/org/users — response 200 property \'results[].role\' may now be "owner"'] },
  'components-renamed': { changes: [], advisories: [] },
  'docs-only': { changes: [], advisories: [] },
  'endpoint-added': { changes: [], advisories: [] },
};

async function runVariant(variant: string) {
  const revision = readFileSync(`${SEED}/${variant}.yaml`, 'utf8');
  return restStage.run(stageInput({ base: { [SPEC]: base }, head: { [SPEC]: revision } }, { openapi: SPEC }));
}

describe('REST stage on the seed subset', () => {
  it('has an expectation for every variant file', () => {
    const variants = readdirSync(SEED)
      .filter((file) => file.endsWith('.yaml') && file !== 'base.yaml')
      .map((file) => file.replace(/\.yaml$/, ''))
      .sort();
    expect(variants).toEqual(Object.keys(expectations).sort());
  });

  it.each(Object.entries(expectations))('%s', async (variant, expected) => {
    const result = await runVariant(variant);
    expect(result.section.changes).toEqual([...expected.changes].sort());
    expect(result.section.advisories).toEqual([...expected.advisories].sort());
    expect(result.section.breakingCount).toBe(expected.changes.length);
    expect(result.section.advisoryCount).toBe(expected.advisories.length);
    expect(result.verdict).toEqual({ checked: true, breaking: expected.changes.length > 0 });
    expect(result.section.breaking).toBe(expected.changes.length > 0);
  });

  it('keeps info findings out of the section but in the findings (new operation)', async () => {
    const result = await runVariant('endpoint-added');
    expect(result.findings.map((finding) => [finding.rule, finding.params.method, finding.params.path])).toEqual([
      ['endpoint-added', 'GET', '/api/v1/org/groups'],
    ]);
    expect(result.findings[0]?.evidence).toEqual({ file: SPEC, pointer: '/paths/~1api~1v1~1org~1groups/get' });
  });
});
