import path from 'node:path';

/** The read-only `shared/` folder beside the repository (CI clones with it beside the checkout). */
export const SHARED_DIR = process.env.LIMIAR_SHARED_DIR ?? path.resolve(import.meta.dirname, '..', '..', '..', 'shared');
