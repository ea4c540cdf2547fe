/** Types of `gen-openapi.mjs` for the tests that build specs with it. */
export interface GeneratedSpec {
  openapi: string;
  info: { title: string; version: string };
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, Record<string, unknown>>; securitySchemes: Record<string, unknown> };
}

export function generateSpec(options?: { schemaCount?: number; change?: boolean; seed?: number }): GeneratedSpec;
