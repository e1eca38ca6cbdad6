/** The integrations feature's public surface: its settings tab (lazy-loaded by the settings page). */
export { default as IntegrationsSettings } from './integrations-settings';
/** The worker picker (search by name or CPF), also the audit trail's worker filter. */
export { WorkerCombobox, type PickedWorker } from './worker-combobox';
