import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { isValidCnpj } from '../../../../../core/src/index';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { QueryFallback } from '../../../components/ui/query-fallback';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { profileQueryKey } from '../../profile';
import {
  deleteOrganizationLogo, organizationKeys, updateOrganization, uploadOrganizationLogo, useOrganization, useOrganizationLogo, type Organization,
} from '../api/organization';

const LOGO_MAX_BYTES = 1024 * 1024;
type Values = { name: string; cnpj: string; address: string; phone: string; email: string };
type FieldErrors = Partial<Record<keyof Values, string>>;

const valuesOf = (o: Organization): Values => ({ name: o.name, cnpj: o.cnpj ?? '', address: o.address ?? '', phone: o.phone ?? '', email: o.email ?? '' });

/** Client-side checks mirroring the server's (the server has the last word). */
function validate(v: Values): FieldErrors {
  const e: FieldErrors = {};
  if (v.name.trim().length < 2) e.name = 'Informe o nome da clínica ou organização';
  if (v.cnpj.trim() && !isValidCnpj(v.cnpj)) e.cnpj = 'CNPJ inválido: confira os dígitos verificadores';
  if (v.email.trim() && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email.trim())) e.email = 'E-mail inválido';
  return e;
}

/**
 * Configurações → Clínica (issue 14, defect 9a): the header printed on every laudo — name, CNPJ
 * (check digits), address, phone, e-mail and a PNG/JPEG logo up to 1 MB.
 */
export function ClinicSettings() {
  const query = useOrganization();
  if (!query.isSuccess) return <QueryFallback query={query} errorMessage="Erro ao carregar os dados da clínica" />;
  return (
    <div className="settings-stack">
      <ClinicForm key={query.data.id} organization={query.data} />
      <LogoCard organization={query.data} />
    </div>
  );
}

function ClinicForm({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => valuesOf(organization));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (k: keyof Values) => (v: string) => setValues((x) => ({ ...x, [k]: v }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length) {
      setProblem('Corrija os campos indicados.');
      return;
    }
    setSaving(true);
    setProblem(null);
    try {
      const saved = await updateOrganization({ name: values.name, cnpj: values.cnpj || null, address: values.address || null, phone: values.phone || null, email: values.email || null });
      queryClient.setQueryData(organizationKeys.detail, saved);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      setValues(valuesOf(saved));
      toast.success('Dados da clínica salvos!');
    } catch (failure) {
      const server: FieldErrors = {};
      if (failure instanceof ApiError) for (const i of failure.issues) server[i.path as keyof Values] = i.message;
      setErrors(server);
      setProblem(errorMessage(failure, 'Erro ao salvar os dados da clínica'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card title="Clínica" description="Cabeçalho impresso em todos os laudos.">
      <form className="settings-form" onSubmit={(e) => void submit(e)} noValidate aria-label="Dados da clínica">
        {problem && <Banner variant="error">{problem}</Banner>}
        <Field label="Nome da clínica ou organização" required error={errors.name}>
          {(c) => <Input {...c} name="organizationName" autoComplete="organization" value={values.name} onChange={(e) => set('name')(e.target.value)} disabled={saving} />}
        </Field>
        <div className="settings-form__row">
          <Field label="CNPJ" hint="Opcional · 00.000.000/0000-00" error={errors.cnpj}>
            {(c) => <Input {...c} name="cnpj" inputMode="numeric" value={values.cnpj} onChange={(e) => set('cnpj')(e.target.value)} disabled={saving} />}
          </Field>
          <Field label="Telefone" hint="Opcional" error={errors.phone}>
            {(c) => <Input {...c} type="tel" name="clinicPhone" value={values.phone} onChange={(e) => set('phone')(e.target.value)} disabled={saving} />}
          </Field>
        </div>
        <Field label="Endereço" hint="Opcional" error={errors.address}>
          {(c) => <Input {...c} name="address" autoComplete="street-address" value={values.address} onChange={(e) => set('address')(e.target.value)} disabled={saving} />}
        </Field>
        <Field label="E-mail da clínica" hint="Opcional" error={errors.email}>
          {(c) => <Input {...c} type="email" name="clinicEmail" value={values.email} onChange={(e) => set('email')(e.target.value)} disabled={saving} />}
        </Field>
        <div className="settings-form__footer">
          <p className="settings-form__note">* Campos obrigatórios</p>
          <Button type="submit" loading={saving} loadingText="Salvando...">
            Salvar dados da clínica
          </Button>
        </div>
      </form>
    </Card>
  );
}

function LogoCard({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient();
  const logo = useOrganizationLogo(organization.logoUrl);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(work: () => Promise<Organization>, done: string) {
    setBusy(true);
    setProblem(null);
    try {
      queryClient.setQueryData(organizationKeys.detail, await work());
      toast.success(done);
    } catch (failure) {
      setProblem(errorMessage(failure, 'Erro ao enviar o logotipo'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > LOGO_MAX_BYTES) return setProblem('O logotipo é muito grande. Tamanho máximo: 1 MB.');
    if (!['image/png', 'image/jpeg'].includes(file.type)) return setProblem('Formato de logotipo não suportado. Envie uma imagem PNG ou JPEG.');
    void run(() => uploadOrganizationLogo(file), 'Logotipo enviado!');
  }

  return (
    <Card title="Logotipo" description="PNG ou JPEG, até 1 MB. Impresso no cabeçalho dos laudos.">
      {problem && <Banner variant="error">{problem}</Banner>}
      <div className="clinic-logo">
        <div className="clinic-logo__preview">
          {organization.logoUrl ? (
            logo.data ? <img src={logo.data} alt="Logotipo atual da clínica" /> : logo.isError ? <span>Erro ao carregar o logotipo</span> : <span>Carregando...</span>
          ) : (
            <span>Nenhum logotipo</span>
          )}
        </div>
        <div className="clinic-logo__actions">
          <label className="ui-label" htmlFor="clinic-logo-input">
            Enviar logotipo
          </label>
          <input id="clinic-logo-input" ref={input} type="file" accept="image/png,image/jpeg" disabled={busy} onChange={(e) => onFile(e.target.files?.[0])} />
          {organization.logoUrl && (
            <Button variant="secondary" size="sm" disabled={busy} onClick={() => void run(deleteOrganizationLogo, 'Logotipo removido.')}>
              Remover logotipo
            </Button>
          )}
        </div>
      </div>
    </Card>
  );
}
