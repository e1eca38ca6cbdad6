/** The settings feature's public surface: the clinic header card shown on a laudo. */
export { ClinicHeaderCard } from './clinic-header-card';
