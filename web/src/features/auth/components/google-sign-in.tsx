import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { loginWithGoogle } from '../api/google-login';
import { afterLoginPath } from '../after-login';
import { useAuth } from '../auth-context';
import { loadGoogleIdentity, type GoogleCredentialResponse } from '../google-identity';
import './google-sign-in.css';

const SCRIPT_FAILED_MESSAGE = 'Erro ao carregar Google Sign-In. Tente novamente.';
const GOOGLE_FAILED_MESSAGE = 'Erro ao fazer login com Google.';

export interface GoogleSignInProps {
  clientId: string;
  /** Read when Google answers, so the checkbox ticked after the button rendered still counts. */
  rememberMe: boolean;
  disabled?: boolean;
}

type LoadState = 'loading' | 'ready' | 'failed';

/**
 * "Entrar com o Google" (spec §2 login screen, §8 messages): loads Google Identity Services, renders
 * Google's own button, and exchanges the credential at `POST /api/auth/google`.
 */
export function GoogleSignIn({ clientId, rememberMe, disabled = false }: GoogleSignInProps) {
  const navigate = useNavigate();
  const auth = useAuth();
  const buttonRef = useRef<HTMLDivElement>(null);
  const rememberMeRef = useRef(rememberMe);
  const [state, setState] = useState<LoadState>('loading');
  const [attempt, setAttempt] = useState(0);
  const [signingIn, setSigningIn] = useState(false);

  rememberMeRef.current = rememberMe;

  useEffect(() => {
    let cancelled = false;
    setState('loading');

    async function handleCredential(response: GoogleCredentialResponse) {
      if (!response.credential) {
        toast.error(GOOGLE_FAILED_MESSAGE);
        return;
      }
      setSigningIn(true);
      try {
        const session = await loginWithGoogle(response.credential, rememberMeRef.current);
        auth.login(session.token, session.user);
        navigate(afterLoginPath(session.user), { replace: true });
      } catch (error) {
        toast.error(errorMessage(error, GOOGLE_FAILED_MESSAGE));
        setSigningIn(false);
      }
    }

    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !buttonRef.current) return;
        google.initialize({ client_id: clientId, callback: handleCredential, ux_mode: 'popup' });
        const width = Math.min(400, Math.max(200, Math.round(buttonRef.current.getBoundingClientRect().width)));
        buttonRef.current.replaceChildren();
        google.renderButton(buttonRef.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          logo_alignment: 'center',
          width,
          locale: 'pt-BR',
        });
        setState('ready');
      })
      .catch(() => {
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
    };
    // Only a new client id or a retry re-renders Google's button (`auth.login` and `navigate` are stable).
  }, [clientId, attempt]);

  return (
    <div className="google-sign-in" aria-busy={state === 'loading' || signingIn || undefined}>
      {state === 'failed' ? (
        <Banner
          variant="error"
          actions={
            <Button variant="secondary" size="sm" onClick={() => setAttempt((n) => n + 1)}>
              Tentar novamente
            </Button>
          }
        >
          {SCRIPT_FAILED_MESSAGE}
        </Banner>
      ) : (
        <div className="google-sign-in__slot">
          {state === 'loading' && (
            <span className="google-sign-in__placeholder">
              <Spinner size="sm" />
              Carregando login com Google...
            </span>
          )}
          {signingIn && (
            <span className="google-sign-in__placeholder" role="status">
              <Spinner size="sm" />
              Entrando com Google...
            </span>
          )}
          <div
            ref={buttonRef}
            className="google-sign-in__button"
            hidden={state !== 'ready' || signingIn}
            inert={disabled || undefined}
          />
        </div>
      )}
    </div>
  );
}
