import { describe, expect, it } from 'vitest';
import { diffOpenApiArgv, generateArgv, indexArgv, lintMigrationsArgv, parseActionInputs, upgradeCheckArgv } from './inputs.js';

describe('action inputs', () => {
  it('turns generate inputs into one argument per value, with defaults', () => {
    const inputs = parseActionInputs({ INPUT_FROM: 'v1.0.0', INPUT_TO: 'v1.1.0; rm -rf /', 'INPUT_FAIL-ON': 'unsafe' });
    expect(generateArgv(inputs, { from: inputs.from!, to: inputs.to! })).toEqual([
      'generate', '--repo', '.', '--from', 'v1.0.0', '--to', 'v1.1.0; rm -rf /',
      '--out', 'release-safety.json', '--report', 'release-safety-report.md', '--format', 'github', '--max-annotations', '10', '--fail-on', 'unsafe',
    ]);
  });

  it('passes the previous artifact and generated specs through when given', () => {
    const inputs = parseActionInputs({ 'INPUT_PREVIOUS-ARTIFACT': 'release-safety/1.0.0.json', 'INPUT_OPENAPI-BASE': 'base.json', 'INPUT_OPENAPI-HEAD': 'head.json' });
    const argv = generateArgv(inputs, { from: 'v1.0.0', to: 'v1.1.0' });
    expect(argv[argv.indexOf('--previous-artifact') + 1]).toBe('release-safety/1.0.0.json');
    expect(argv[argv.indexOf('--openapi-base') + 1]).toBe('base.json');
    expect(argv[argv.indexOf('--openapi-head') + 1]).toBe('head.json');
  });

  it('builds the other commands', () => {
    const check = parseActionInputs({ INPUT_COMMAND: 'upgrade-check', INPUT_FROM: '1.0.0', INPUT_TO: '1.2.0', INPUT_INDEX: 'https://example.test/i.json' });
    expect(upgradeCheckArgv(check, false)).toEqual(['upgrade-check', '--from', '1.0.0', '--to', '1.2.0', '--index', 'https://example.test/i.json']);
    const index = parseActionInputs({ INPUT_COMMAND: 'index', INPUT_ARTIFACTS: 'release-safety' });
    expect(indexArgv(index, true)).toEqual(['index', '--repo', '.', '--artifacts', 'release-safety', '--index', 'release-safety-index.json', '--out', 'release-safety-index.json']);
    const diff = parseActionInputs({ INPUT_COMMAND: 'diff-openapi', 'INPUT_OPENAPI-BASE': 'a.yaml', 'INPUT_OPENAPI-HEAD': 'b.yaml', 'INPUT_MAX-ANNOTATIONS': '3' });
    expect(diffOpenApiArgv(diff, 'github')).toEqual(['diff', 'openapi', 'a.yaml', 'b.yaml', '--format', 'github', '--max-annotations', '3']);
    const lint = parseActionInputs({ INPUT_COMMAND: 'lint-migrations', INPUT_FILES: 'db/*.sql\n  db/x.sql' });
    expect(lint.files).toEqual(['db/*.sql', 'db/x.sql']);
    expect(lintMigrationsArgv(lint, ['-x.sql'], 'markdown')).toEqual(['lint-migrations', '--format', 'markdown', '--', '-x.sql']);
    const released = parseActionInputs({ INPUT_COMMAND: 'lint-migrations', INPUT_FILES: 'db/3.sql', INPUT_RELEASED: 'db', INPUT_SCHEMA: 'schema.sql' });
    expect(lintMigrationsArgv(released, ['db/3.sql'], 'markdown')).toEqual(['lint-migrations', '--format', 'markdown', '--released', 'db', '--schema', 'schema.sql', '--', 'db/3.sql']);
  });

  it('reads the comment mode: true (default), false, relevant', () => {
    expect(parseActionInputs({}).comment).toBe('always');
    expect(parseActionInputs({ INPUT_COMMENT: 'false' }).comment).toBe('never');
    expect(parseActionInputs({ INPUT_COMMENT: 'relevant' }).comment).toBe('relevant');
  });

  it.each([
    [{ INPUT_COMMAND: 'upgrade-check', INPUT_TO: '1.0.0' }, 'input "from" is required for command "upgrade-check"'],
    [{ INPUT_COMMAND: 'index' }, 'input "artifacts" is required for command "index"'],
    [{ INPUT_COMMAND: 'diff-openapi', 'INPUT_OPENAPI-BASE': 'a' }, 'input "openapi-head" is required'],
    [{ INPUT_COMMAND: 'lint-migrations' }, 'input "files" is required'],
    [{ INPUT_FROM: 'a', INPUT_TO: 'b', INPUT_COMMAND: 'deploy' }, 'input "command" must be one of'],
    [{ INPUT_FROM: 'a', INPUT_TO: 'b', 'INPUT_FAIL-ON': 'maybe' }, 'input "fail-on" must be'],
    [{ 'INPUT_MAX-ANNOTATIONS': 'ten' }, 'input "max-annotations" must be a whole number'],
    [{ INPUT_COMMENT: 'yes' }, 'input "comment" must be one of "true", "false", "relevant"'],
  ])('rejects bad inputs naming them: %j', (env, message) => {
    expect(() => parseActionInputs(env)).toThrow(message);
  });
});
