/** The team feature's public surface (issue 18): Configurações › Equipe. The invitation and picker pages are routes. */
export { TeamSettings } from './components/team-settings';
