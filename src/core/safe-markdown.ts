/**
 * Markdown for text the repository controls (file names, identifiers, statements, accept reasons,
 * declared-break reasons) in what the bot posts: the pull-request comment, the job summary, the
 * report. Such text must never become a live `@mention`, a team ping, a `#123` / `GH-123`
 * cross-reference, a bare link, HTML or markup, whatever it contains.
 *
 * Two renderings:
 *  - {@link mdCode}: a code span whose fence is longer than any backtick run inside, so it cannot be
 *    closed from inside (CommonMark: a span closes only on a run of the same length). GitHub never
 *    links, mentions or renders HTML inside code.
 *  - {@link mdText}: prose with every character markdown reads as markup escaped, and a zero-width
 *    space after `@`, `#`, `GH-` and inside `://` / `www.`: GitHub's mention, reference and autolink
 *    filters run on the rendered text, so a backslash alone would not stop them.
 */
const ZWSP = '\u200b';

/** Whitespace (newlines included) collapsed to one space and the text cut to `max` characters. */
export function flatten(text: string, max = 500): string {
  // Control characters (other than the whitespace collapsed here) show as nothing or break layout.
  const flat = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/g, '�')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** Breaks what GitHub turns into mentions, references and links after rendering. */
function defuse(text: string): string {
  return text
    .replace(/@(?=[\w-])/g, `@${ZWSP}`)
    .replace(/#(?=[\w-])/g, `#${ZWSP}`)
    .replace(/\b(GH)-(?=\d)/gi, `$1${ZWSP}-`)
    .replace(/:\/\//g, `:${ZWSP}//`)
    .replace(/\b(www)\./gi, `$1${ZWSP}.`);
}

/**
 * Repository text as inert prose on one line: markdown's inline punctuation escaped (so `**`,
 * `[x](y)`, `<img>`, `|`, `~~` stay literal), a leading block marker (`#`, `-`, `+`, `>`, `1.`)
 * escaped, and mentions, references and links broken.
 */
export function mdText(text: string, max = 500): string {
  const escaped = defuse(flatten(text, max)).replace(/[\\`*_[\]<>|~&!]/g, '\\$&');
  return escaped.replace(/^([#+\-=>])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
}

/**
 * Repository text as one inline code span that cannot be closed from inside. `table`: inside a GFM
 * table cell, where `|` splits cells even in code and must be written `\|`.
 */
export function mdCode(text: string, options: { max?: number; table?: boolean } = {}): string {
  let flat = flatten(text, options.max ?? 200);
  if (flat === '') return '';
  if (options.table) flat = flat.replace(/\|/g, '\\|');
  const longestRun = Math.max(0, ...[...flat.matchAll(/`+/g)].map((run) => run[0].length));
  const fence = '`'.repeat(longestRun + 1);
  // A span that starts or ends with a backtick needs a space inside the fence (stripped on render).
  const padded = flat.startsWith('`') || flat.endsWith('`') || flat.startsWith(' ') ? ` ${flat} ` : flat;
  return `${fence}${padded}${fence}`;
}

/**
 * A catalogue template (trusted text, backticks meaning code) with repository parameters: a
 * parameter in the template's prose becomes a code span; one inside the template's own code span is
 * substituted there and the whole span re-fenced. So the catalogue's code renders as code and no
 * parameter can close it.
 */
export function mdTemplate(template: string, params: Readonly<Record<string, unknown>>, options: { table?: boolean } = {}): string {
  const substitute = (segment: string, param: (value: string) => string) =>
    segment.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.prototype.hasOwnProperty.call(params, name) ? param(String(params[name])) : whole));
  const segments = template.split('`');
  // An odd number of backticks: the last one is literal prose (there is no closing fence).
  const closed = segments.length % 2 === 1 ? segments : [...segments.slice(0, -2), `${segments.at(-2)}\`${segments.at(-1)}`];
  return closed
    .map((segment, index) => {
      if (index % 2 === 1)
        return mdCode(
          substitute(segment, (value) => value),
          { max: 300, table: options.table },
        );
      // Trusted prose: only a table cell's `|` needs care; parameters become code.
      const prose = options.table ? segment.replace(/\|/g, '\\|') : segment;
      return substitute(prose, (value) => mdCode(value, options));
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}
