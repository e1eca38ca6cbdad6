import { formatCnpj } from '../../../../core/src/index';
import { Card } from '../../components/ui/card';
import { useOrganization, useOrganizationLogo } from './api/organization';
import './settings.css';

/** The clinic header as the laudo prints it (Configurações → Clínica), for the report detail page. */
export function ClinicHeaderCard() {
  const org = useOrganization();
  const logo = useOrganizationLogo(org.data?.logoUrl);
  if (org.isPending) return <Card><p className="clinic-header__meta">Carregando dados da clínica...</p></Card>;
  if (org.isError) return <Card><p className="clinic-header__meta">Dados da clínica indisponíveis.</p></Card>;
  const o = org.data;
  const contact = [o.phone, o.email].filter(Boolean).join(' · ');
  return (
    <Card>
      <div className="clinic-header" aria-label="Cabeçalho do laudo">
        {logo.data && <img className="clinic-header__logo" src={logo.data} alt={`Logotipo de ${o.name}`} />}
        <div>
          <p className="clinic-header__name">{o.name}</p>
          {o.cnpj && <p className="clinic-header__meta">CNPJ {formatCnpj(o.cnpj)}</p>}
          {o.address && <p className="clinic-header__meta">{o.address}</p>}
          {contact && <p className="clinic-header__meta">{contact}</p>}
        </div>
      </div>
    </Card>
  );
}
