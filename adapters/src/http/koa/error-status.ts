/**
 * The one map from domain error codes to HTTP statuses (medplum's getStatus). A code's prefix
 * may be listed instead of the full code. Unknown codes are bugs: 500.
 */
const statusByCode: Record<string, number> = {
  'REQUEST.INVALID': 400,
  'REQUEST.MALFORMED_JSON': 400,
  'REQUEST.UNSUPPORTED_MEDIA_TYPE': 415,
  'REQUEST.TOO_LARGE': 413,
  'ROUTE.NOT_FOUND': 404,
  'ROUTE.METHOD_NOT_ALLOWED': 405,
  'AUTH.UNAUTHENTICATED': 401,
  'AUTH.INVALID_CREDENTIALS': 401,
  'AUTH.GOOGLE_REJECTED': 401,
  'AUTH.RATE_LIMITED': 429,
  'AUTH.RESET_LINK_INVALID': 400,
  'AUTH.PASSWORD_RESET_UNAVAILABLE': 503,
  'DATABASE.UNAVAILABLE': 503,
  'UPLOAD.INVALID': 400,
  'UPLOAD.TOO_LARGE': 413,
  'EMBED.ORIGIN_FORBIDDEN': 403,
  // the member's roles do not allow the action (issue 18, core/src/accounts/permissions.ts)
  'AUTH.FORBIDDEN': 403,
  // the login is valid but its membership in the organisation was deactivated
  'AUTH.MEMBERSHIP_INACTIVE': 403,
  'UPLOAD.UNSUPPORTED_TYPE': 415,
  // the PDF renderer (Chromium) failed or timed out: a dependency unavailable, nothing issued, retry later
  'REPORT.RENDER_FAILED': 503,
  // a reports export before the laudo feature's table exists
  'REPORT.NONE': 404,
  // the issued PDF of a finalised laudo was deleted by an approved LGPD request (issue 20): gone for good
  'REPORT.PDF_REMOVED': 410,
  // the certificate could not sign the rendered PDF: nothing issued, retry or check the certificate
  'REPORT.SIGN_FAILED': 503,
  // the programme's records (issue 19; core/src/programme/programme-errors.ts), spelled out though the suffixes below cover them
  'COMPANY.NOT_FOUND': 404, 'COMPANY.INVALID': 400, 'COMPANY.INVALID_CNPJ': 400, 'COMPANY.CNPJ_CONFLICT': 409, 'COMPANY.NAME_CONFLICT': 409,
  'SECTOR.NOT_FOUND': 404, 'SECTOR.INVALID': 400, 'SECTOR.NAME_CONFLICT': 409,
  'GHE.NOT_FOUND': 404, 'GHE.INVALID': 400, 'GHE.NAME_CONFLICT': 409,
  'EMPLOYMENT.NOT_FOUND': 404, 'EMPLOYMENT.INVALID': 400, 'EMPLOYMENT.CLOSED_CONFLICT': 409, 'EMPLOYMENT.DUPLICATE_CONFLICT': 409,
  // the signing certificate (issue 20; core/src/accounts/signing-certificate.ts): a well-formed file out of its validity is 422
  'CERTIFICATE.EXPIRED': 422, 'CERTIFICATE.NOT_YET_VALID': 422, 'CERTIFICATE.INVALID_PASSWORD': 400, 'CERTIFICATE.INVALID_FILE': 400, 'CERTIFICATE.NOT_FOUND': 404,
};

const statusBySuffix: Array<[RegExp, number]> = [
  [/[._]NOT_FOUND$/, 404],
  [/[._](ALREADY_|CONFLICT|IMMUTABLE)/, 409],
  [/\.INVALID/, 400],
];

export function statusForCode(code: string): number {
  if (statusByCode[code]) return statusByCode[code];
  for (const [pattern, status] of statusBySuffix) if (pattern.test(code)) return status;
  return 500;
}
