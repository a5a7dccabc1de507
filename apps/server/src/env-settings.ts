import { z } from 'zod';

/**
 * One environment variable: its name and the zod schema that parses it (default, checks,
 * conversion). config.ts places each one in the configuration's shape, so a variable is written
 * once and the configuration's type is derived from the schemas.
 */
export class EnvVar<S extends z.ZodType = z.ZodType> {
  constructor(
    readonly variable: string,
    readonly schema: S,
    /** Never echoed into errors or logs (a password, a token, a URL that can hold one). */
    readonly secret = false,
  ) {}
}

export const envVar = <S extends z.ZodType>(variable: string, schema: S) =>
  new EnvVar(variable, schema);
export const secretEnvVar = <S extends z.ZodType>(variable: string, schema: S) =>
  new EnvVar(variable, schema, true);

/** Settings in the configuration's shape: a variable, or a group of them (`rateLimit`, `mail`…). */
export type EnvTree = { readonly [key: string]: EnvVar | EnvTree };

/** What an EnvTree parses into, in its shape. */
export type EnvValues<T extends EnvTree> = {
  -readonly [K in keyof T]: T[K] extends EnvVar<infer S>
    ? z.output<S>
    : T[K] extends EnvTree
      ? EnvValues<T[K]>
      : never;
};

/** Every variable of the tree, in its order. */
export function envVariables(tree: EnvTree): EnvVar[] {
  return Object.values(tree).flatMap((node) =>
    node instanceof EnvVar ? [node] : envVariables(node),
  );
}

/**
 * The environment's schema: one key per variable, flat as the environment is, so that each issue's
 * path starts with the variable's name.
 */
export function envSchema(tree: EnvTree) {
  return z.object(Object.fromEntries(envVariables(tree).map((v) => [v.variable, v.schema])));
}

/** The parsed variables (keyed by variable) put into the tree's shape. */
export function envValues<T extends EnvTree>(
  tree: T,
  parsed: Record<string, unknown>,
): EnvValues<T> {
  return Object.fromEntries(
    Object.entries(tree).map(([key, node]) => [
      key,
      node instanceof EnvVar ? parsed[node.variable] : envValues(node, parsed),
    ]),
  ) as EnvValues<T>;
}

/**
 * The value a schema gives an unset variable before any conversion (`60` for
 * ALERT_LEASE_SECONDS, not the milliseconds it becomes), or undefined: what the README states.
 */
export function envDefault(schema: z.ZodType): unknown {
  if (schema instanceof z.ZodDefault) return schema.def.defaultValue;
  if (schema instanceof z.ZodPipe) return envDefault(schema.def.in as z.ZodType);
  return undefined;
}
