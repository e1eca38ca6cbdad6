/** Types of compress-assets.mjs, for the tests and benches that call it. */
export declare const COMPRESSIBLE: RegExp;
export declare function compressAssets(dir: string): { files: number; written: number; raw: number; br: number; gz: number };
