import { micromark } from 'micromark';
import { gfm, gfmHtml } from 'micromark-extension-gfm';

/**
 * GitHub-flavoured markdown rendered as GitHub's parser would (micromark follows the CommonMark and
 * GFM specs: tables, autolink literals, raw HTML kept so a test can see it), for tests that check
 * what a reader of the bot's comment or job summary would actually see.
 */
export function renderGfm(markdown: string): string {
  return micromark(markdown, { allowDangerousHtml: true, extensions: [gfm()], htmlExtensions: [gfmHtml()] });
}

/** Tags our own renderers write; anything else in the HTML came from somewhere else. */
const OUR_TAGS = new Set([
  'p',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'h1',
  'h2',
  'h3',
  'h4',
  'details',
  'summary',
  'sub',
  'b',
  'br',
  'a',
]);

/**
 * What in rendered HTML would be live on GitHub outside our own markup: links other than the allowed
 * ones, tags we never write, and — in text outside code — what GitHub's filters turn into a mention
 * (`@user`, `@org/team`), a reference (`#123`, `GH-123`) or a link (`https://`, `www.`).
 */
export function liveMarkup(html: string, options: { allowedLinks: readonly RegExp[] }): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(/<a\s[^>]*href="([^"]*)"/g)) {
    if (!options.allowedLinks.some((allowed) => allowed.test(match[1]!))) found.push(`link ${match[1]}`);
  }
  for (const match of html.matchAll(/<\/?([a-zA-Z][\w-]*)/g)) if (!OUR_TAGS.has(match[1]!.toLowerCase())) found.push(`tag <${match[1]}>`);
  // Text outside code: drop code elements and tags, decode the entities micromark writes.
  const text = html
    .replace(/<code>[\s\S]*?<\/code>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
  const live: [string, RegExp][] = [
    ['mention', /(?<![\w\u200b`])@[A-Za-z0-9][\w-]*/g],
    ['reference', /(?<![\w&])#\d+/g],
    ['reference', /\bGH-\d+/gi],
    ['bare link', /\b(?:https?|ftp):\/\/\S+/g],
    ['bare link', /\bwww\.\S+/gi],
  ];
  for (const [kind, pattern] of live) for (const match of text.matchAll(pattern)) found.push(`${kind} ${match[0]}`);
  return found;
}
