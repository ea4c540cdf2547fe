import { describe, expect, it } from 'vitest';
import { parseActionInputs, toArgv } from './inputs.js';

describe('action inputs', () => {
  it('turns generate inputs into one argument per value, with defaults', () => {
    const inputs = parseActionInputs({ INPUT_FROM: 'v1.0.0', INPUT_TO: 'v1.1.0; rm -rf /', 'INPUT_FAIL-ON': 'unsafe' });
    expect(toArgv(inputs)).toEqual([
      'generate', '--repo', '.', '--from', 'v1.0.0', '--to', 'v1.1.0; rm -rf /',
      '--out', 'release-safety.json', '--report', 'release-safety-report.md', '--fail-on', 'unsafe',
    ]);
  });

  it('passes the previous artifact through when given', () => {
    const inputs = parseActionInputs({ INPUT_FROM: 'v1.0.0', INPUT_TO: 'v1.1.0', 'INPUT_PREVIOUS-ARTIFACT': 'release-safety/1.0.0.json' });
    expect(toArgv(inputs)).toContain('--previous-artifact');
    expect(toArgv(inputs)[toArgv(inputs).indexOf('--previous-artifact') + 1]).toBe('release-safety/1.0.0.json');
  });

  it('passes the workflow-generated OpenAPI documents through when given', () => {
    const inputs = parseActionInputs({ INPUT_FROM: 'v1.0.0', INPUT_TO: 'v1.1.0', 'INPUT_OPENAPI-BASE': 'tmp/base.json', 'INPUT_OPENAPI-HEAD': 'tmp/head.json' });
    const argv = toArgv(inputs);
    expect(argv.slice(argv.indexOf('--openapi-base'), argv.indexOf('--openapi-base') + 4)).toEqual(['--openapi-base', 'tmp/base.json', '--openapi-head', 'tmp/head.json']);
  });

  it('builds an upgrade-check command line', () => {
    const inputs = parseActionInputs({ INPUT_COMMAND: 'upgrade-check', INPUT_FROM: '1.0.0', INPUT_TO: '1.2.0', INPUT_INDEX: 'https://example.test/i.json' });
    expect(toArgv(inputs)).toEqual(['upgrade-check', '--from', '1.0.0', '--to', '1.2.0', '--index', 'https://example.test/i.json']);
  });

  it.each([
    [{ INPUT_TO: '1.0.0' }, 'input "from" is required'],
    [{ INPUT_FROM: 'a', INPUT_TO: 'b', INPUT_COMMAND: 'deploy' }, 'input "command" must be'],
    [{ INPUT_FROM: 'a', INPUT_TO: 'b', 'INPUT_FAIL-ON': 'maybe' }, 'input "fail-on" must be'],
  ])('rejects bad inputs naming them: %j', (env, message) => {
    expect(() => parseActionInputs(env)).toThrow(message);
  });
});
