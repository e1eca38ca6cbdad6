import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { IconCheckCircle } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';

/** What the public forms (contact, data deletion) show once the request is stored: title, text, protocol. */
export function RequestReceived({ title, protocol, children }: { title: string; protocol: string; children: ReactNode }) {
  return (
    <div className="public-confirmation" role="status">
      <span className="public-confirmation__icon">
        <IconCheckCircle size={28} />
      </span>
      <h2>{title}</h2>
      {children}
      <p className="public-confirmation__protocol">
        Protocolo: <code>{protocol}</code>
      </p>
      <div className="public-confirmation__actions">
        <Link className={buttonClassName({ variant: 'secondary' })} to={paths.home.getHref()}>
          Voltar para a página inicial
        </Link>
      </div>
    </div>
  );
}
