/** Types of runtime-packages.mjs, for tests/ops/deployment.test.ts. */
export declare function runtimeImports(root: string): Map<string, string>;
export declare function runtimeClosure(
  lock: { packages: Record<string, { dev?: boolean; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string>; peerDependencies?: Record<string, string> }> },
  roots: Iterable<string>,
): { reached: Set<string>; unreachable: string[]; missing: string[] };
export declare function prune(appDir: string): string[];
