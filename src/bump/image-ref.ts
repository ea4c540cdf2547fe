/**
 * A container image reference as written (`ghcr.io/acme/app:v1.2.3@sha256:…`): its repository, its
 * tag and its digest. Docker Hub's implicit names are normalised so that `outline/outline`,
 * `docker.io/outline/outline` and `index.docker.io/outline/outline` are one image, as Docker reads them.
 */
export interface ImageReference {
  /** As written, without tag and digest. */
  repository: string;
  tag?: string;
  digest?: string;
}

export function parseImageReference(text: string): ImageReference | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return undefined;
  const at = trimmed.indexOf('@');
  const nameAndTag = at === -1 ? trimmed : trimmed.slice(0, at);
  const digest = at === -1 ? undefined : trimmed.slice(at + 1);
  const lastSlash = nameAndTag.lastIndexOf('/');
  const colon = nameAndTag.indexOf(':', lastSlash + 1);
  const repository = colon === -1 ? nameAndTag : nameAndTag.slice(0, colon);
  const tag = colon === -1 ? undefined : nameAndTag.slice(colon + 1);
  if (repository === '') return undefined;
  return { repository, ...(tag !== undefined && tag !== '' ? { tag } : {}), ...(digest ? { digest } : {}) };
}

const DOCKER_HUB_HOSTS = ['docker.io/', 'index.docker.io/', 'registry-1.docker.io/', 'registry.hub.docker.com/'];

/** The key an image is matched by: lower case, Docker Hub host and `library/` left out. */
export function imageKey(repository: string): string {
  let name = repository.trim().toLowerCase();
  for (const host of DOCKER_HUB_HOSTS) {
    if (name.startsWith(host)) {
      name = name.slice(host.length);
      break;
    }
  }
  if (name.startsWith('library/') && !name.slice('library/'.length).includes('/')) name = name.slice('library/'.length);
  return name;
}

/** The image with its tag and digest, as a reader would write it. */
export function describeImage(reference: ImageReference): string {
  return `${reference.repository}${reference.tag !== undefined ? `:${reference.tag}` : ''}${reference.digest !== undefined ? `@${reference.digest}` : ''}`;
}
