/** The integrations feature's public surface: its settings tab (lazy-loaded by the settings page). */
export { default as IntegrationsSettings } from './integrations-settings';
