import { useEffect, useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, MIN_PASSWORD_LENGTH } from '../../../../../core/src/index';
import { Banner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorMessage } from '../../../lib/api-client';
import { changePassword } from '../api/change-password';
import { SigningCertificateCard } from './signing-certificate-card';

const CHANGED_MESSAGE = 'Senha alterada com sucesso!';
const CHANGE_FAILED_MESSAGE = 'Erro ao alterar senha. Verifique a senha atual.';
const SUCCESS_BANNER_MS = 3000;

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
type Values = Record<PasswordField, string>;
const empty: Values = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * Spec §5 "Password change": all required, at least MIN_PASSWORD_LENGTH characters, confirmation
 * equal, not the current password (issue 15). The server also refuses the most common passwords.
 */
function validate(values: Values): { message: string; fields: PasswordField[] } | null {
  const missing = (Object.keys(values) as PasswordField[]).filter((field) => values[field] === '');
  if (missing.length > 0) return { message: ACCOUNT_MESSAGES.fillAllFields, fields: missing };
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) return { message: ACCOUNT_MESSAGES.passwordTooShort, fields: ['newPassword'] };
  if (values.newPassword !== values.confirmPassword) return { message: ACCOUNT_MESSAGES.passwordsDoNotMatch, fields: ['confirmPassword'] };
  if (values.newPassword === values.currentPassword) return { message: ACCOUNT_MESSAGES.passwordReused, fields: ['newPassword'] };
  return null;
}

/** Segurança tab: password change (the success banner clears after 3 s, spec §2) and the signing certificate (issue 20). */
export function SecuritySettings() {
  const [values, setValues] = useState<Values>(empty);
  const [problem, setProblem] = useState<{ message: string; fields: PasswordField[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const [changed, setChanged] = useState(false);

  useEffect(() => {
    if (!changed) return;
    const timer = window.setTimeout(() => setChanged(false), SUCCESS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [changed]);

  const set = (field: PasswordField) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const invalid = (field: PasswordField) => problem?.fields.includes(field) ?? false;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    setChanged(false);
    const found = validate(values);
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      await changePassword({
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmPassword,
      });
      setValues(empty);
      setChanged(true);
    } catch (error) {
      setProblem({ message: errorMessage(error, CHANGE_FAILED_MESSAGE), fields: [] });
    } finally {
      setSaving(false);
    }
  }

  const input = (field: PasswordField, autoComplete: string) => (control: object) => (
    <Input
      {...control}
      type="password"
      name={field}
      autoComplete={autoComplete}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      disabled={saving}
    />
  );

  return (
    <div className="settings-stack">
      <Card
        title="Alterar senha"
        description="Ao alterar a senha, as sessões abertas em outros dispositivos são encerradas."
      >
        <form className="settings-form settings-form--narrow" onSubmit={handleSubmit} noValidate aria-label="Alterar senha">
          {changed && <Banner variant="success">{CHANGED_MESSAGE}</Banner>}
          {problem && <Banner variant="error">{problem.message}</Banner>}
          <Field label="Senha atual" required error={invalid('currentPassword') ? 'Informe a senha atual' : undefined}>
            {input('currentPassword', 'current-password')}
          </Field>
          <Field
            label="Nova senha"
            required
            hint={ACCOUNT_MESSAGES.passwordHint}
            error={invalid('newPassword') ? (values.newPassword === '' ? 'Informe a nova senha' : problem!.message) : undefined}
          >
            {input('newPassword', 'new-password')}
          </Field>
          <Field
            label="Confirmar nova senha"
            required
            error={invalid('confirmPassword') ? (values.confirmPassword === '' ? 'Confirme a nova senha' : ACCOUNT_MESSAGES.passwordsDoNotMatch) : undefined}
          >
            {input('confirmPassword', 'new-password')}
          </Field>
          <div className="settings-form__footer settings-form__footer--end">
            <Button type="submit" loading={saving} loadingText="Alterando...">
              Alterar senha
            </Button>
          </div>
        </form>
      </Card>
      <SigningCertificateCard />
    </div>
  );
}
