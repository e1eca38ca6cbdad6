/** The LGPD feature's public surface (issue 20): the /privacidade page is a route; the export button mounts on the worker's page. */
export { LgpdExportButton } from './lgpd-export-button';
