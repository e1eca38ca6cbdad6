import { Link } from 'react-router';
import { Card } from '../../components/ui/card';
import { IconAlertTriangle } from '../../components/ui/icons';
import { paths } from '../../config/paths';
import '../../components/ui/states.css';

/** Spec §2/§8: 'Paciente não encontrado' with '← Voltar para lista de pacientes'. */
export function PatientNotFound() {
  return (
    <Card>
      <div className="ui-state ui-state--error" role="alert">
        <span className="ui-state__icon">
          <IconAlertTriangle size={24} />
        </span>
        <h1 className="ui-state__title">Paciente não encontrado</h1>
        <p className="ui-state__description">O paciente não existe ou não pertence à sua organização.</p>
        <div className="ui-state__action">
          <Link className="patients__back-link" to={paths.patients.getHref()}>
            ← Voltar para lista de pacientes
          </Link>
        </div>
      </div>
    </Card>
  );
}
