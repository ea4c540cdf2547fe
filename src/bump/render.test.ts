import { describe, expect, it } from 'vitest';
import { annotations } from '../action/bump-check.js';
import { mdCode, mdText, plainLine, renderBumpCheck } from './render.js';
import type { BumpCheckResult } from './types.js';

/** Repository text in bump-check's outputs stays inert: no mention, link, markup, terminal escape or workflow command. */
const hostile = 'x\n::set-env name=A::b\u001b[31m @team [a](https://evil.example) <!-- release-safety --> `code` #12 www.evil.example';

const result: BumpCheckResult = {
  exitCode: 1,
  bumps: [
    {
      file: `deploy/${hostile}.yaml`,
      line: 3,
      image: 'ghcr.io/acme/app',
      fromVersion: '1.2.0',
      toVersion: '1.4.0',
      safe: false,
      verdict: 'UNSAFE',
      strategy: 'Recreate',
      requiredStops: [],
      minPreviousVersion: null,
      hops: [],
      envFindings: [{ release: '1.3.0', change: 'removed', oldName: hostile, newName: null, file: 'compose.yaml', line: 5, edit: `remove ${hostile}` }],
      reasons: [`tag "${hostile}" is odd`],
      artifactLinks: [{ version: '1.3.0', link: 'https://example.com/a b)c/1.3.0.json' }],
      location: `services.${hostile}`,
    },
  ],
  notChecked: [{ file: 'compose.yaml', image: hostile, reason: `no entry for ${hostile}`, blocksSuccess: false }],
};

describe('neutralising repository text', () => {
  it('plain lines carry no control characters or line breaks', () => {
    expect(plainLine('a\nb\u001b[31mc\u202ed')).toBe('a b [31mc d');
  });

  it('markdown: code spans hold it literally; prose escapes markup and breaks mentions, references and autolinks', () => {
    expect(mdCode('a `b` @c')).toBe("`a 'b' @c`");
    const prose = mdText('@team [a](https://evil.example) <b> #12 www.evil.example');
    expect(prose).not.toMatch(/@team|\]\(|https:\/\/|<b>|www\.evil/);
  });

  it('the markdown report: outside code spans nothing of the hostile text is live; the only link is the configured one, encoded', () => {
    const markdown = renderBumpCheck(result, 'markdown');
    const outsideCode = markdown.replace(/`[^`\n]*`/g, '');
    for (const live of ['@team', '](https://evil', '<!--', 'www.evil', '\u001b']) expect(outsideCode).not.toContain(live);
    // A workflow command only counts at the start of a line: every line of ours starts with our own text.
    expect(
      markdown
        .split('\n')
        .filter((line) => line.includes('set-env'))
        .every((line) => !/^\s*::/.test(line)),
    ).toBe(true);
    expect(markdown).toContain('[1.3.0](https://example.com/a%20b%29c/1.3.0.json)');
  });

  it('annotations: one workflow command per line, the file property escaped', () => {
    const lines = annotations(result, 10);
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      for (const control of ['\n', '\r', '\u001b']) expect(line).not.toContain(control);
      expect(line).toMatch(/^::(error|warning|notice) file=[^:,]*(,line=\d+)?,title=release-safety bump-check::/);
    }
    expect(lines[0]).toContain(
      'file=deploy/x %3A%3Aset-env name=A%3A%3Ab [31m @team [a](https%3A//evil.example) <!-- release-safety --> `code` #12 www.evil.example.yaml,line=3',
    );
  });
});
