/** Packages that serve a GraphQL API: the stage's evidence of an undeclared surface and `init`'s detection read the same list. */
export const GRAPHQL_SERVER_DEPENDENCIES: readonly string[] = [
  '@nestjs/graphql',
  'type-graphql',
  '@apollo/server',
  'apollo-server',
  'apollo-server-express',
  'apollo-server-fastify',
  'graphql-yoga',
  '@graphql-yoga/node',
  'mercurius',
  'express-graphql',
  'graphql-http',
  '@pothos/core',
  'nexus',
  '@graphql-tools/schema',
];
