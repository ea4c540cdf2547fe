/**
 * Where a rule's docs can be read by someone who installed the package: the repository named in
 * package.json (`repository`), whose default branch holds the docs folder. Kept as a constant (the
 * Action bundle has no package.json beside it); `links.test.ts` checks it equals package.json's.
 */
export const REPOSITORY_URL = 'https://github.com/release-safety/release-safety';
const DOCS_BRANCH = 'main';

/** A rule's `docs` (`docs/rest.md#api-security-added`) as a link into the repository. */
export function docsUrl(docs: string): string {
  return `${REPOSITORY_URL}/blob/${DOCS_BRANCH}/${docs}`;
}
