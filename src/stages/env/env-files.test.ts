import { describe, expect, it } from 'vitest';
import { parseEnvFile } from './env-files.js';

describe('parseEnvFile', () => {
  it('parses values as Node does, with the line of each key; an empty value is no default', () => {
    const text = '# Copy to .env\nPORT=8080\nexport SITE_URL="http://localhost:8080"\nSECRET=\n  LOG_LEVEL = info # comment\n';
    expect(parseEnvFile(text)).toEqual([
      { name: 'PORT', value: '8080', line: 2, statement: 'PORT=8080' },
      { name: 'SITE_URL', value: 'http://localhost:8080', line: 3, statement: 'export SITE_URL="http://localhost:8080"' },
      { name: 'SECRET', value: null, line: 4, statement: 'SECRET=' },
      { name: 'LOG_LEVEL', value: 'info', line: 5, statement: 'LOG_LEVEL = info # comment' },
    ]);
  });

  it('keeps the last assignment of a repeated key, as Node does', () => {
    expect(parseEnvFile('A=1\nA=2\n')).toEqual([{ name: 'A', value: '2', line: 2, statement: 'A=2' }]);
  });

  it('reads a file saved with a byte-order mark and CRLF line endings like any other', () => {
    expect(parseEnvFile('\uFEFFPORT=8080\r\nSECRET=\r\n')).toEqual([
      { name: 'PORT', value: '8080', line: 1, statement: 'PORT=8080' },
      { name: 'SECRET', value: null, line: 2, statement: 'SECRET=' },
    ]);
  });
});
