export * from './frequencies';
export * from './threshold';
export * from './audiogram';
export * from './entry-grid';
export * from './audiogram-builder';
