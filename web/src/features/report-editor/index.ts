/** The report editor's public surface: the draft editor and the stale-draft banners (the report wizard uses them). */
export { DraftEditor, type DraftEditorController } from './draft-editor';
export { KeptEditsBanner, StaleDraftBanner } from './stale-draft-banner';
