/** The register feature's public surface: the form's values, checks and type cards, reused by the invitation page (issue 18). */
export { typeOptions } from './components/register-form';
export { emptyRegisterValues, toRegisterPayload, validateRegistration, type RegisterField, type RegisterValues } from './validation';
