export { openRepository, type Repository, type ReleaseTag, type OpenRepositoryOptions } from './repository.js';
