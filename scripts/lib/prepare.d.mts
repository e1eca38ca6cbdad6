/** Types of prepare.mjs, for the tests that call its decision functions. */
export interface SystemPackagesOptions {
  packages: string[];
  purpose: string;
  rerun: string;
  exists?: (file: string) => boolean;
  uid?: number;
}
export type SystemPackagesPlan = { action: 'none' } | { action: 'install'; missing: string[] } | { action: 'advise'; missing: string[]; message: string };
export declare const START_SYSTEM_PACKAGES: { packages: string[]; purpose: string; rerun: string; required: boolean };
export declare const root: string;
export declare function planSystemPackages(options: SystemPackagesOptions): SystemPackagesPlan;
export declare function ensureSystemPackages(options?: Partial<SystemPackagesOptions> & {
  required?: boolean;
  exec?: (command: string, args: string[], options: object) => number | null;
  log?: (message: string) => void;
  exit?: (code: number) => void;
}): 'present' | 'installed' | 'missing';
