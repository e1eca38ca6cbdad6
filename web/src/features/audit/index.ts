/** The audit trail feature (issue 20): the /auditoria page is a route; "Quem acessou este prontuário" mounts on the worker's page. */
export { AccessLogSection } from './access-log-section';
