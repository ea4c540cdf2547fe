import { posix } from 'node:path';
import type { Document, Node } from 'yaml';
import { parseImageReference, type ImageReference } from './image-ref.js';
import { entries, isMapNode, items, member, parseYamlFile, resolved, scalarText, type ParsedYamlFile } from './yaml-node.js';

/**
 * The container images a deployment file names, each with the place that names it (a key that stays
 * the same when only the tag changes: the compose service, the workload and container, the values
 * path, the kustomize image name) and the environment the deployment sets for it. Pure over text;
 * recognises docker compose, Kubernetes workloads, Kustomize `images:` and Helm values, in that order,
 * per YAML document.
 */
export type DeploymentFileKind = 'compose' | 'kubernetes' | 'kustomize' | 'helm-values';

export interface EnvSetting {
  name: string;
  file: string;
  line: number;
}

export interface ImageOccurrence {
  file: string;
  /** The line of the tag (or of the reference when the tag is part of it). */
  line: number;
  kind: DeploymentFileKind;
  /** Where in the file, stable across a tag change: `services.web`, `Deployment/app containers[app]`, `worker.image`. */
  location: string;
  reference: ImageReference;
  /** Variables this file sets for the container that runs the image. */
  env: EnvSetting[];
  /** Compose `env_file:` entries, as repository paths, with the line naming each. */
  envFiles: { path: string; line: number; required: boolean }[];
  /** Compose: the `.env` line whose variable the tag was interpolated from (`image: app:${APP_VERSION}`). */
  tagSource?: { file: string; line: number };
}

/** Compose's interpolation variables: the `.env` file of the project folder, each with its line. */
export type InterpolationVariables = ReadonlyMap<string, { value: string; file: string; line: number }>;

export interface FileImages {
  occurrences: ImageOccurrence[];
  /** The file (or a document of it) could not be read as YAML: why, one line each. */
  problems: string[];
}

const WORKLOAD_POD_SPEC: Readonly<Record<string, readonly string[]>> = {
  Deployment: ['spec', 'template', 'spec'],
  StatefulSet: ['spec', 'template', 'spec'],
  DaemonSet: ['spec', 'template', 'spec'],
  ReplicaSet: ['spec', 'template', 'spec'],
  Job: ['spec', 'template', 'spec'],
  CronJob: ['spec', 'jobTemplate', 'spec', 'template', 'spec'],
  Pod: ['spec'],
};

/** Helm charts' usual names for a container's extra variables next to its `image`. */
const HELM_ENV_KEYS = ['env', 'extraEnv', 'extraEnvVars', 'envVars'];
const MAX_VALUES_DEPTH = 10;

export function isDeploymentYamlPath(file: string): boolean {
  return /\.ya?ml$/i.test(file) && !file.startsWith('.github/');
}

export function findImages(file: string, text: string, variables: InterpolationVariables = new Map()): FileImages {
  const parsed = parseYamlFile(text);
  const occurrences: ImageOccurrence[] = [];
  const problems: string[] = [];
  parsed.documents.forEach(({ document, errors }, position) => {
    if (errors.length > 0) {
      problems.push(`document ${position + 1}: ${errors[0]!}`);
      return;
    }
    const reader = new DocumentReader(file, parsed, document, variables);
    occurrences.push(...reader.read());
  });
  return { occurrences, problems };
}

class DocumentReader {
  private readonly found: ImageOccurrence[] = [];

  constructor(
    private readonly file: string,
    private readonly parsed: ParsedYamlFile,
    private readonly document: Document.Parsed,
    private readonly variables: InterpolationVariables,
  ) {}

  read(): ImageOccurrence[] {
    const root = resolved(this.document.contents, this.document);
    if (!isMapNode(root)) return [];
    const kind = this.text(member(root, 'kind', this.document));
    const apiVersion = this.text(member(root, 'apiVersion', this.document));
    if (kind !== undefined && apiVersion !== undefined && Object.hasOwn(WORKLOAD_POD_SPEC, kind)) this.readWorkload(root, kind);
    else if (kind === 'Kustomization' || (/^kustomization\.ya?ml$/i.test(posix.basename(this.file)) && member(root, 'images', this.document)))
      this.readKustomization(root);
    else if (isMapNode(member(root, 'services', this.document)) && kind === undefined) this.readCompose(root);
    else if (kind === undefined || apiVersion === undefined) this.readValues(root, [], 0);
    return this.found;
  }

  private text(node: unknown): string | undefined {
    return scalarText(resolved(node, this.document));
  }

  private line(node: Node | undefined): number {
    return this.parsed.lineOf(node);
  }

  private add(
    kind: DeploymentFileKind,
    location: string,
    reference: ImageReference | undefined,
    lineNode: Node | undefined,
    env: EnvSetting[],
    envFiles: ImageOccurrence['envFiles'] = [],
    tagSource?: ImageOccurrence['tagSource'],
  ): void {
    if (!reference) return;
    this.found.push({ file: this.file, line: this.line(lineNode), kind, location, reference, env, envFiles, ...(tagSource ? { tagSource } : {}) });
  }

  private readCompose(root: Node): void {
    for (const [name, , service] of entries(member(root, 'services', this.document), this.document)) {
      const imageNode = member(service, 'image', this.document);
      const written = this.text(imageNode);
      if (written === undefined) continue;
      const { text: image, sources } = interpolate(written, this.variables);
      const reference = parseImageReference(image);
      // The version set in `.env` (the line a bump changes), when the tag holds a variable's value.
      const source = sources.find((candidate) => candidate.value !== '' && reference?.tag?.includes(candidate.value));
      this.add(
        'compose',
        `services.${name}`,
        reference,
        imageNode,
        this.composeEnvironment(service),
        this.composeEnvFiles(service),
        source && { file: source.file, line: source.line },
      );
    }
  }

  /** `environment:` as a map (`KEY: value`, `KEY:` passes the shell's value through) or a list (`KEY=value`, `KEY`). */
  private composeEnvironment(service: Node | undefined): EnvSetting[] {
    const environment = member(service, 'environment', this.document);
    if (isMapNode(environment)) return entries(environment, this.document).map(([name, keyNode]) => ({ name, file: this.file, line: this.line(keyNode) }));
    return items(environment, this.document).flatMap((item) => {
      const text = this.text(item);
      if (text === undefined) return [];
      const name = text.split('=')[0]!.trim();
      return name === '' ? [] : [{ name, file: this.file, line: this.line(item) }];
    });
  }

  /** `env_file:` as a path, a list of paths, or a list of `{path, required}`; paths are relative to the compose file. */
  private composeEnvFiles(service: Node | undefined): ImageOccurrence['envFiles'] {
    const value = member(service, 'env_file', this.document);
    const listed = this.text(value) !== undefined ? [value] : items(value, this.document);
    return listed.flatMap((item) => {
      const path = this.text(item) ?? this.text(member(item, 'path', this.document));
      if (path === undefined) return [];
      const required = this.text(member(item, 'required', this.document)) !== 'false';
      return [{ path: posix.normalize(posix.join(posix.dirname(this.file), path)), line: this.line(item), required }];
    });
  }

  private readWorkload(root: Node, kind: string): void {
    let podSpec: Node | undefined = root;
    for (const key of WORKLOAD_POD_SPEC[kind]!) podSpec = member(podSpec, key, this.document);
    const workloadName = this.text(member(member(root, 'metadata', this.document), 'name', this.document)) ?? '(unnamed)';
    for (const listKey of ['initContainers', 'containers']) {
      items(member(podSpec, listKey, this.document), this.document).forEach((container, position) => {
        const imageNode = member(container, 'image', this.document);
        const image = this.text(imageNode);
        if (image === undefined) return;
        const containerName = this.text(member(container, 'name', this.document)) ?? `#${position}`;
        this.add(
          'kubernetes',
          `${kind}/${workloadName} ${listKey}[${containerName}]`,
          parseImageReference(image),
          imageNode,
          this.envList(member(container, 'env', this.document)),
        );
      });
    }
  }

  /** A container's `env:` list of `{name, value | valueFrom}`. */
  private envList(list: Node | undefined): EnvSetting[] {
    return items(list, this.document).flatMap((item) => {
      const nameNode = member(item, 'name', this.document);
      const name = this.text(nameNode);
      return name === undefined ? [] : [{ name, file: this.file, line: this.line(nameNode) }];
    });
  }

  private readKustomization(root: Node): void {
    for (const item of items(member(root, 'images', this.document), this.document)) {
      const name = this.text(member(item, 'name', this.document));
      if (name === undefined) continue;
      const repository = this.text(member(item, 'newName', this.document)) ?? name;
      const tagNode = member(item, 'newTag', this.document);
      const tag = this.text(tagNode);
      const digest = this.text(member(item, 'digest', this.document));
      const lineNode = tagNode ?? member(item, 'digest', this.document) ?? member(item, 'newName', this.document) ?? item;
      this.add(
        'kustomize',
        `images[${name}]`,
        { repository, ...(tag !== undefined ? { tag } : {}), ...(digest !== undefined ? { digest } : {}) },
        lineNode,
        [],
      );
    }
  }

  /** Helm values: any `image:` key, as `"repo:tag"` or as `{registry?, repository, tag?, digest?}`, at any depth. */
  private readValues(node: Node | undefined, path: string[], depth: number): void {
    if (depth > MAX_VALUES_DEPTH) return;
    if (isMapNode(node)) {
      for (const [key, , value] of entries(node, this.document)) {
        if (key === 'image') this.readValuesImage(node, value, [...path, key]);
        else this.readValues(value, [...path, key], depth + 1);
      }
      return;
    }
    items(node, this.document).forEach((item, position) => {
      const name = this.text(member(item, 'name', this.document));
      this.readValues(item, [...path.slice(0, -1), `${path.at(-1) ?? ''}[${name ?? position}]`], depth + 1);
    });
  }

  private readValuesImage(parent: Node, value: Node | undefined, path: string[]): void {
    const location = path.join('.');
    const env = HELM_ENV_KEYS.flatMap((key) => this.helmEnv(member(parent, key, this.document)));
    const text = this.text(value);
    if (text !== undefined) {
      this.add('helm-values', location, parseImageReference(text), value, env);
      return;
    }
    if (!isMapNode(value)) return;
    const repository = this.text(member(value, 'repository', this.document)) ?? this.text(member(value, 'name', this.document));
    if (repository === undefined) return;
    const registry = this.text(member(value, 'registry', this.document));
    const tagNode = member(value, 'tag', this.document);
    const tag = this.text(tagNode);
    const digestNode = member(value, 'digest', this.document);
    const digest = this.text(digestNode);
    const fullName = registry !== undefined && registry !== '' && !repository.startsWith(`${registry}/`) ? `${registry}/${repository}` : repository;
    // `repository: acme/app:1.2.3` with no tag key: the tag is in the name.
    const inline = tag === undefined ? parseImageReference(fullName) : undefined;
    const reference: ImageReference = inline ?? { repository: fullName, ...(tag !== undefined && tag !== '' ? { tag } : {}), ...(digest ? { digest } : {}) };
    this.add('helm-values', location, reference, tag !== undefined ? tagNode : (digestNode ?? member(value, 'repository', this.document)), env);
  }

  /** `env:` next to a Helm `image:`, as a container `env` list or a `NAME: value` map. */
  private helmEnv(node: Node | undefined): EnvSetting[] {
    if (isMapNode(node)) return entries(node, this.document).map(([name, keyNode]) => ({ name, file: this.file, line: this.line(keyNode) }));
    return this.envList(node);
  }
}

/**
 * Compose's variable interpolation of one value: `${VAR}`, `${VAR:-default}`, `${VAR-default}`,
 * `${VAR:?message}`, `${VAR?message}`, `$VAR` and `$$`, from the project's `.env` (the shell's own
 * environment at deploy time is not known here: a variable `.env` does not set takes its default, or
 * the empty text, as compose would with an empty environment).
 */
export function interpolate(text: string, variables: InterpolationVariables): { text: string; sources: { value: string; file: string; line: number }[] } {
  const sources: { value: string; file: string; line: number }[] = [];
  const value = (name: string) => {
    const found = variables.get(name);
    if (found) sources.push(found);
    return found?.value;
  };
  const result = text.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, braced: string | undefined, operator: string | undefined, operand: string | undefined, bare: string | undefined) => {
      if (match === '$$') return '$';
      const name = braced ?? bare!;
      const found = value(name);
      if (operator === ':-') return found === undefined || found === '' ? (operand ?? '') : found;
      if (operator === '-') return found === undefined ? (operand ?? '') : found;
      return found ?? '';
    },
  );
  return { text: result, sources };
}
