import { toast as sonner, type ToasterProps } from 'sonner';

/** Toast durations of spec §9, in milliseconds. */
export const TOAST_DURATIONS = {
  default: 4000,
  success: 3000,
  error: 5000,
  manualFill: 6000,
  noSuccessfulAnalysis: 8000,
  inDevelopment: 3000,
  loading: Number.POSITIVE_INFINITY,
} as const;

/** Props of the single `<Toaster />` mounted by the app providers (top-right, spec §2). */
export const toasterProps = {
  position: 'top-right',
  duration: TOAST_DURATIONS.default,
  closeButton: true,
  richColors: true,
  visibleToasts: 4,
  containerAriaLabel: 'Notificações',
  toastOptions: { closeButtonAriaLabel: 'Fechar notificação' },
} satisfies ToasterProps;

type Id = string | number;

/**
 * The app's only way to show a toast, so every message gets the spec's duration.
 * Pass `{ id }` to replace an earlier toast (e.g. a loading toast becoming a success one).
 */
export const toast = {
  info: (message: string, options?: { id?: Id; description?: string }) =>
    sonner.info(message, { duration: TOAST_DURATIONS.default, ...options }),
  success: (message: string, options?: { id?: Id; description?: string }) =>
    sonner.success(message, { duration: TOAST_DURATIONS.success, ...options }),
  warning: (message: string, options?: { id?: Id; description?: string }) =>
    sonner.warning(message, { duration: TOAST_DURATIONS.default, ...options }),
  error: (message: string, options?: { id?: Id; description?: string }) =>
    sonner.error(message, { duration: TOAST_DURATIONS.error, ...options }),
  /** Some files could not be read automatically: the user must type the thresholds (spec §8, 6 s). */
  manualFill: (message: string, options?: { id?: Id }) =>
    sonner.warning(message, { duration: TOAST_DURATIONS.manualFill, ...options }),
  /** No uploaded file was analysed successfully (spec §5 wizard messages, 8 s). */
  noSuccessfulAnalysis: (message: string, options?: { id?: Id }) =>
    sonner.error(message, { duration: TOAST_DURATIONS.noSuccessfulAnalysis, ...options }),
  /** 'Funcionalidade em desenvolvimento' style notices (3 s). */
  inDevelopment: (message = 'Funcionalidade em desenvolvimento', options?: { id?: Id }) =>
    sonner.info(message, { duration: TOAST_DURATIONS.inDevelopment, ...options }),
  /** Stays until replaced (same `id`) or dismissed. */
  loading: (message: string, options?: { id?: Id }) =>
    sonner.loading(message, { duration: TOAST_DURATIONS.loading, ...options }),
  dismiss: (id?: Id) => sonner.dismiss(id),
};
