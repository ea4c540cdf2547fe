import { severityOf, type CiFinding, type CiRun } from './types.js';

/**
 * SARIF 2.1.0 (what GitHub code scanning and most CI dashboards read): one run, the tool's rules
 * with their help text and link, one result per finding with its location. A finding without a
 * file (a JSON pointer only, or a whole surface) keeps its pointer in the message and gets no
 * physical location, which SARIF allows.
 */
const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const INFORMATION_URI = 'https://github.com/release-safety/release-safety';

export function renderSarif(run: CiRun): string {
  const usedRuleIds = [...new Set(run.findings.map((finding) => finding.ruleId))].sort();
  const catalogue = new Map(run.rules.map((rule) => [rule.id, rule]));
  const rules = usedRuleIds.map((id) => {
    const rule = catalogue.get(id);
    return {
      id,
      shortDescription: { text: rule?.summary ?? id },
      ...(rule?.help === undefined ? {} : { help: { text: rule.help } }),
      ...(rule?.helpUri === undefined ? {} : { helpUri: rule.helpUri }),
    };
  });
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'release-safety', version: run.toolVersion, informationUri: INFORMATION_URI, rules } },
        automationDetails: { id: `release-safety/${run.title}/` },
        results: run.findings.map((finding) => result(finding, usedRuleIds.indexOf(finding.ruleId))),
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}

function result(finding: CiFinding, ruleIndex: number) {
  const pointer = finding.pointer === undefined ? '' : ` (${finding.pointer})`;
  return {
    ruleId: finding.ruleId,
    ruleIndex,
    level: severityOf(finding.level),
    message: { text: `${finding.message}${pointer}` },
    ...(finding.file === undefined
      ? {}
      : {
          locations: [
            {
              physicalLocation: {
                artifactLocation: { uri: toUriReference(finding.file) },
                ...(finding.line === undefined ? {} : { region: { startLine: Math.max(1, finding.line) } }),
              },
            },
          ],
        }),
    ...(finding.surface === undefined ? {} : { properties: { surface: finding.surface, releaseSafetyLevel: finding.level } }),
  };
}

/** A relative path as a URI reference: `/` separators, each segment percent-encoded (spaces, `%`, `#`…). */
export function toUriReference(file: string): string {
  return file.split(/[\\/]/).map(encodeURIComponent).join('/');
}
