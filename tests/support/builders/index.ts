/** Test builders (object mothers): one valid object, overridable field by field. */
export { at, nextId, T0 } from './ids';
export { aWorker } from './worker';
export { anAudiogram, MILD_AIR } from './audiogram';
export { anExam } from './exam';
export { aLaudo } from './laudo';
export { anEmbedToken } from './embed-token';
export { aHeldReading } from './held-reading';
