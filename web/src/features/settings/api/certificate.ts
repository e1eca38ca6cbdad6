import { useQuery } from '@tanstack/react-query';
import type { CertificateJson, CertificateResponse } from '../../../../../adapters/src/http/contract/certificate';
import { api } from '../../../lib/api-client';

export type SigningCertificate = CertificateJson;

export const certificateKeys = { current: ['profile', 'certificate'] as const };

export const getCertificate = (signal?: AbortSignal) => api.get<CertificateResponse>('/profile/certificate', { signal });
export const deleteCertificate = () => api.delete<void>('/profile/certificate');

/** multipart/form-data: the .pfx/.p12 file (field `pfx`) and its password (field `password`). */
export function uploadCertificate(file: File, password: string) {
  const form = new FormData();
  form.append('pfx', file, file.name);
  form.append('password', password);
  return api.post<CertificateResponse>('/profile/certificate', form);
}

export const useCertificate = () => useQuery({ queryKey: certificateKeys.current, queryFn: ({ signal }) => getCertificate(signal) });
