/** The two functions of `inflection` (v1, the version Sequelize 6 depends on) that Sequelize's own `Utils.pluralize`/`Utils.underscore` call. */
declare module 'inflection' {
  export function pluralize(word: string): string;
  export function underscore(word: string): string;
}
