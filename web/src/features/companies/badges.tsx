import './companies.css';

/** A company created from a worker's "Empresa" (by name) has no CNPJ yet. */
export function IncompleteBadge() {
  return (
    <span className="company-badge company-badge--warning" title="Empresa sem CNPJ: complete o cadastro">
      Cadastro incompleto
    </span>
  );
}

/** The exposure status with its colour: red above the limit, amber above the action level, grey otherwise. */
export function ExposureBadge({ status, label }: { status: string; label: string }) {
  const tone = status === 'acima_limite' ? 'danger' : status === 'acima_nivel_acao' ? 'warning' : 'neutral';
  return <span className={`company-badge company-badge--${tone}`}>{label}</span>;
}
