import { useAuth } from '../auth';
import { useMyProfile, type Profile } from './api/profile';

/**
 * Spec §2 wizard: the modal is needed when the profile is not completed or lacks CRM or specialization.
 * Issue 18: a fonoaudiólogo drafts laudos too, with a CRFa (checked by the server's `profileCompleted`), never a CRM.
 */
export function profileNeedsCompletion(profile: Pick<Profile, 'profileCompleted' | 'crm' | 'specialization' | 'professionalType'>): boolean {
  const registryMissing = profile.professionalType !== 'Fonoaudiologo' && !profile.crm?.trim();
  return !profile.profileCompleted || registryMissing || !profile.specialization?.trim();
}

export interface ProfileCompletion {
  /** True once the profile is loaded and is incomplete; false while loading or on error. */
  needsCompletion: boolean;
  profile: Profile | undefined;
  isLoading: boolean;
  error: unknown;
  refetch: () => void;
}

/**
 * Whether the logged-in professional must complete the profile (CRM, CRM state, specialization)
 * before organising a laudo. Reads the shared profile query, so saving the modal updates it.
 */
export function useProfileCompletion(): ProfileCompletion {
  const { status } = useAuth();
  const query = useMyProfile({ enabled: status === 'authenticated' });
  const profile = query.data;
  return {
    needsCompletion: profile ? profileNeedsCompletion(profile) : false,
    profile,
    isLoading: query.isPending && status === 'authenticated',
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
