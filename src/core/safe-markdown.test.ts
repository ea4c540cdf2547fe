import { describe, expect, it } from 'vitest';
import { liveMarkup, renderGfm } from '../../test/helpers/render-markdown.js';
import { mdCode, mdTemplate, mdText } from './safe-markdown.js';

const HOSTILE = [
  '@octocat please approve',
  'ping @acme/admins and @evil-team',
  'fixes #123, acme/service#7 and GH-45',
  'see https://evil.example/approve or www.evil.example or mail me at a@evil.example',
  '<img src=x onerror=alert(1)><script>alert(1)</script>',
  '[Click to approve](https://evil.example/approve)',
  '`` [Click to approve](https://evil.example/approve) ``',
  '``` fenced ``` and ` single',
  '**bold** _em_ ~~strike~~ | cell | split',
  '# heading\n- list\n> quote\n1. ordered',
  '<!-- release-safety -->',
  '\\`escaped\\` backslash \\',
];

describe('safe markdown for repository text', () => {
  it.each(HOSTILE)('mdText renders %j as inert text', (text) => {
    const html = renderGfm(`- ${mdText(text)}`);
    expect(liveMarkup(html, { allowedLinks: [] })).toEqual([]);
    expect(html).not.toMatch(/<(h1|blockquote|ol|del|em|strong|img|script)/);
  });

  it.each(HOSTILE)('mdCode renders %j as one code span with the whole text', (text) => {
    const html = renderGfm(`x ${mdCode(text)} y`);
    expect(liveMarkup(html, { allowedLinks: [] })).toEqual([]);
    // One code element holding the flattened text, nothing after it but " y".
    const match = /^<p>x <code>([\s\S]*)<\/code> y<\/p>$/.exec(html.trim());
    expect(match, html).not.toBeNull();
    const decoded = match![1]!
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&');
    expect(decoded).toBe(text.replace(/\s+/g, ' ').trim());
  });

  it('mdCode in a table cell keeps one cell', () => {
    const html = renderGfm(`| a | b |\n|---|---|\n| ${mdCode('x | y `|` z', { table: true })} | end |`);
    expect(html).toContain('<td><code>x | y `|` z</code></td>');
    expect(html).toContain('<td>end</td>');
  });

  it('mdTemplate keeps the catalogue code as code and makes parameters code that cannot be closed', () => {
    const template = 'Use `CREATE INDEX CONCURRENTLY {index} ON {table}` instead; then drop {index}.';
    const html = renderGfm(mdTemplate(template, { index: 'i`` [x](https://evil.example) ``', table: '@octocat' }));
    expect(liveMarkup(html, { allowedLinks: [] })).toEqual([]);
    expect(html).toContain('<code>CREATE INDEX CONCURRENTLY i`` [x](https://evil.example) `` ON @octocat</code>');
    expect(html).toContain('then drop <code>i`` [x](https://evil.example) ``</code>.');
  });
});
