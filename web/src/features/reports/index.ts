/** The reports feature's public surface: the laudo API client and its formatting helpers, and the narrative text view. */
export * from './api';
export { NarrativeView } from './narrative-view';
export { listToText, narrativeBlocks, textToList } from './narrative';
export { AmendLaudoButton, AmendDialog, AmendmentBanner, LaudoVersionsCard, SupersededBanner, signatureKindLabel, useReportVersions, versionInForce } from './laudo-versions';
