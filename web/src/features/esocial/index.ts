/** The eSocial feature's public surface (issue 21): the ASO section of the exam and laudo pages, and the S-2220 batch export. */
export { AsoSection, EventStatusBadge } from './aso-section';
export { S2220BatchExport } from './batch-export';
