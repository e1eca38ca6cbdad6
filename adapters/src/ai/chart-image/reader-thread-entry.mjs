// The chart reader's worker thread starts here (see reader-thread.ts). A worker thread does not inherit
// tsx's module hooks on Node 20, so the TypeScript body is loaded through tsx's scoped importer.
import { tsImport } from 'tsx/esm/api';

await tsImport('./reader-thread-body.ts', import.meta.url);
