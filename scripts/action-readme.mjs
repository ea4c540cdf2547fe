// Generates the README's Action input and output tables from action.yml (STYLE.md 13), between
//   <!-- action-inputs:start --> … <!-- action-inputs:end -->
// `node scripts/action-readme.mjs` rewrites README.md; `--check` exits 1 when it is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import { parse } from 'yaml';

const START = '<!-- action-inputs:start -->';
const END = '<!-- action-inputs:end -->';
const cell = (text) => String(text ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ').trim();

export function actionTables(actionYaml) {
  const action = parse(actionYaml);
  const inputs = Object.entries(action.inputs ?? {}).map(
    ([name, input]) => `| \`${name}\` | ${input.required ? 'yes' : 'no'} | ${input.default === undefined ? '' : `\`${cell(input.default)}\``} | ${cell(input.description)} |`,
  );
  const outputs = Object.entries(action.outputs ?? {}).map(([name, output]) => `| \`${name}\` | ${cell(output.description)} |`);
  return [
    START,
    '| input | required | default | description |',
    '|---|---|---|---|',
    ...inputs,
    '',
    '| output | description |',
    '|---|---|',
    ...outputs,
    END,
  ].join('\n');
}

export function withActionTables(readme, actionYaml) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md has no ${START} … ${END} section`);
  return readme.slice(0, start) + actionTables(actionYaml) + readme.slice(end + END.length);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readme = readFileSync('README.md', 'utf8');
  const updated = withActionTables(readme, readFileSync('action.yml', 'utf8'));
  if (process.argv.includes('--check')) {
    if (updated !== readme) {
      console.error('README.md action tables are out of date: run node scripts/action-readme.mjs');
      process.exit(1);
    }
  } else {
    writeFileSync('README.md', updated);
  }
}
