import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Checkbox } from '../../components/ui/checkbox';
import { Field } from '../../components/ui/field';
import { Input, Textarea } from '../../components/ui/input';
import { RadioCards } from '../../components/ui/radio-cards';
import { Select } from '../../components/ui/select';
import { ApiError, errorMessage } from '../../lib/api-client';
import { createEmbedToken, embedTokensKey, listCompanies, type CreatedEmbedToken } from './api';
import { companyOptionLabel } from '../companies';
import { endOfDayIso, parseOrigins } from './format';
import { WorkerCombobox, type PickedWorker } from './worker-combobox';

type Scope = 'company' | 'patient';
type FieldName = 'name' | 'scope' | 'allowedOrigins' | 'expiresAt';
type Errors = Partial<Record<FieldName, string>>;

const SCOPE_OPTIONS = [
  { value: 'company' as const, label: 'Empresa', description: 'Todos os trabalhadores de uma empresa' },
  { value: 'patient' as const, label: 'Trabalhador', description: 'Apenas um trabalhador' },
];

/** Create form of an embed token (issue 9): name, scope, allowed origins, optional expiry, initials. */
export function TokenForm({ onCreated }: { onCreated: (token: CreatedEmbedToken) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope | ''>('');
  const [companyId, setCompanyId] = useState('');
  const [patient, setPatient] = useState<PickedWorker | null>(null);
  const patientId = patient?.id ?? '';
  const [origins, setOrigins] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [initialsOnly, setInitialsOnly] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  const companies = useQuery({ queryKey: ['companies'], queryFn: ({ signal }) => listCompanies(signal), enabled: scope === 'company' });

  const create = useMutation({
    mutationFn: createEmbedToken,
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: embedTokensKey });
      setName('');
      setOrigins('');
      setExpiresOn('');
      setInitialsOnly(false);
      setErrors({});
      setFailure(null);
      onCreated(created);
    },
    onError: (error) => {
      const fieldErrors: Errors = {};
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          const field = issue.path.split('.')[0] as FieldName;
          if (['name', 'scope', 'allowedOrigins', 'expiresAt'].includes(field) && !fieldErrors[field]) fieldErrors[field] = issue.message;
        }
      }
      setErrors(fieldErrors);
      setFailure(errorMessage(error, 'Erro ao criar o token de integração. Tente novamente.'));
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const allowedOrigins = parseOrigins(origins);
    const found: Errors = {};
    if (!name.trim()) found.name = 'Dê um nome ao token';
    if (!scope || (scope === 'company' && !companyId) || (scope === 'patient' && !patientId)) found.scope = 'Escolha uma empresa ou um trabalhador';
    if (allowedOrigins.length === 0) found.allowedOrigins = 'Informe pelo menos uma origem autorizada';
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0 || !scope) return;
    create.mutate({
      name: name.trim(),
      scope,
      ...(scope === 'company' ? { companyId } : { patientId }),
      allowedOrigins,
      expiresAt: endOfDayIso(expiresOn),
      initialsOnly,
    });
  }

  const busy = create.isPending;
  return (
    <Card title="Novo token de integração" description="Tokens somente leitura para exibir o widget de evolução auditiva em portais parceiros (RH, SESMT).">
      <form className="integrations-form" onSubmit={submit} noValidate>
        {failure && <Banner variant="error">{failure}</Banner>}
        <Field label="Nome" required error={errors.name} hint="Para você reconhecer o token, ex.: Portal RH Metalúrgica">
          {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} maxLength={120} disabled={busy} />}
        </Field>
        <RadioCards legend="Escopo" name="embed-scope" value={scope} onChange={setScope} options={SCOPE_OPTIONS} columns={2} required disabled={busy} error={errors.scope && !scope ? errors.scope : undefined} />
        {scope === 'company' && (
          <Field label="Empresa" required error={errors.scope && !companyId ? errors.scope : undefined}>
            {(p) => (
              <Select {...p} value={companyId} onChange={(e) => setCompanyId(e.target.value)} disabled={busy || companies.isPending}>
                <option value="">{companies.isPending ? 'Carregando empresas...' : companies.isError ? 'Erro ao carregar empresas' : 'Selecione uma empresa'}</option>
                {companies.data?.map((c) => (
                  <option key={c.id} value={c.id}>
                    {companyOptionLabel(c)} ({c.patientCount} {c.patientCount === 1 ? 'trabalhador' : 'trabalhadores'})
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        {scope === 'patient' && (
          <Field label="Trabalhador" required error={errors.scope && !patient ? errors.scope : undefined} hint="Busque por nome ou CPF">
            {(p) => <WorkerCombobox {...p} value={patient} onChange={setPatient} disabled={busy} />}
          </Field>
        )}
        <Field label="Origens autorizadas" required error={errors.allowedOrigins} hint="Uma por linha, ex.: https://portal.suaempresa.com.br (esquema, domínio e porta, sem caminho)">
          {(p) => <Textarea {...p} rows={3} value={origins} onChange={(e) => setOrigins(e.target.value)} placeholder="https://portal.suaempresa.com.br" disabled={busy} spellCheck={false} />}
        </Field>
        <Field label="Validade (opcional)" error={errors.expiresAt} hint="Sem data, o token vale até ser revogado">
          {(p) => <Input {...p} type="date" value={expiresOn} onChange={(e) => setExpiresOn(e.target.value)} disabled={busy} className="integrations-form__date" />}
        </Field>
        <Checkbox label="Mostrar apenas as iniciais do nome" checked={initialsOnly} onChange={(e) => setInitialsOnly(e.target.checked)} disabled={busy} />
        <div className="integrations-form__actions">
          <Button type="submit" loading={busy} loadingText="Criando...">
            Criar token
          </Button>
        </div>
      </form>
    </Card>
  );
}
