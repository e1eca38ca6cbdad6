/** The profile feature's public surface: the profile query and update, and the blocking profile-completion modal. */
export { profileQueryKey, updateMyProfile, useMyProfile, type Profile, type UpdateProfileInput } from './api/profile';
export { CompleteProfileModal, type CompleteProfileModalProps } from './complete-profile-modal';
export { useProfileCompletion, type ProfileCompletion } from './use-profile-completion';
