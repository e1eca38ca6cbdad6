import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Banner } from '../../components/ui/banner';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Field } from '../../components/ui/field';
import { IconDownload } from '../../components/ui/icons';
import { Input } from '../../components/ui/input';
import { Select } from '../../components/ui/select';
import { Spinner } from '../../components/ui/spinner';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { toast } from '../../lib/toast';
import { useCan } from '../auth';
import { batchCompanyKeys, batchCompanyLabel, esocialKeys, listAsos, listBatchCompanies, s2220ZipUrl, type EventStatus } from './api';
import { downloadFile } from '../../lib/download';
import { todayInBrazil } from './format';
import './esocial.css';

/** Not yet exported: what the batch puts in the zip (generating those not generated yet). */
const WAITING: EventStatus[] = ['pendente', 'gerado', 'retificacao_pendente'];
/** The most ASOs one page of GET /api/asos answers (the contract's limit). */
const COUNT_LIMIT = 500;

/**
 * "Exportar S-2220 (lote)" (issue 21): every S-2220 of a company's ASOs in a period not yet exported, as a zip
 * of XML files for the employer's eSocial software (GET /api/esocial/s2220.zip); those events become
 * 'exportado'. With `companyId` the company is fixed (the company page); without it a picker is shown.
 * Needs 'dashboards.export'.
 */
export function S2220BatchExport({ companyId: fixedCompany }: { companyId?: string }) {
  const canExport = useCan('dashboards.export');
  const queryClient = useQueryClient();
  const today = todayInBrazil();
  const [picked, setPicked] = useState('');
  const [from, setFrom] = useState(`${today.slice(0, 4)}-01-01`);
  const [to, setTo] = useState(today);
  const [problem, setProblem] = useState<{ field: 'companyId' | 'from' | 'to' | null; message: string } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const companyId = fixedCompany ?? picked;
  const companies = useQuery({ queryKey: batchCompanyKeys.list, queryFn: ({ signal }) => listBatchCompanies(signal), enabled: canExport && fixedCompany === undefined });
  const period = useDebouncedValue(`${from}|${to}`, 300);
  const [qFrom, qTo] = period.split('|') as [string, string];
  const periodValid = /^\d{4}-\d{2}-\d{2}$/.test(qFrom) && /^\d{4}-\d{2}-\d{2}$/.test(qTo) && qFrom <= qTo;
  // the period's ASOs in one request (one entry in the audit trail), counted here by status
  const counts = useQuery({
    queryKey: esocialKeys.pending(companyId, qFrom, qTo),
    queryFn: ({ signal }) => listAsos({ companyId, from: qFrom, to: qTo, limit: String(COUNT_LIMIT) }, signal),
    enabled: canExport && companyId !== '' && periodValid,
  });

  if (!canExport) return null;
  const listed = counts.data?.items ?? [];
  const pending = listed.filter((a) => WAITING.includes(a.event.status)).length;
  const exported = listed.length - pending;
  const truncated = (counts.data?.total ?? 0) > listed.length;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    if (!companyId) return setProblem({ field: 'companyId', message: 'Escolha a empresa.' });
    if (!from) return setProblem({ field: 'from', message: 'Informe o início do período.' });
    if (!to) return setProblem({ field: 'to', message: 'Informe o fim do período.' });
    if (from > to) return setProblem({ field: 'to', message: 'O fim do período não pode ser anterior ao início.' });
    setProblem(null);
    setBusy(true);
    try {
      const sent = await downloadFile(s2220ZipUrl(companyId, from, to), `S-2220-${from}-${to}.zip`);
      await queryClient.invalidateQueries({ queryKey: esocialKeys.all });
      if (sent) toast.success('Lote de S-2220 baixado: os eventos do período foram marcados como exportados.');
      else setNotice('Nenhum S-2220 pendente de exportação nesta empresa e período.');
    } catch (error) {
      setProblem({ field: null, message: error instanceof Error ? error.message : 'Não foi possível exportar o lote. Tente novamente.' });
    } finally {
      setBusy(false);
    }
  }

  const err = (field: 'companyId' | 'from' | 'to') => (problem?.field === field ? problem.message : undefined);

  return (
    <Card
      title="Exportar S-2220 (lote)"
      description="Os eventos S-2220 dos ASOs da empresa no período ainda não exportados, num arquivo zip com um XML por evento, para o software do eSocial do empregador (que assina e transmite)."
    >
      <form className="esocial-batch" onSubmit={(e) => void onSubmit(e)} aria-label="Exportar S-2220 (lote)" noValidate>
        {problem && problem.field === null && <Banner variant="error">{problem.message}</Banner>}
        {notice && <Banner variant="info">{notice}</Banner>}
        <div className="esocial-batch__fields">
          {fixedCompany === undefined && (
            <Field label="Empresa" required error={err('companyId')}>
              {(p) => (
                <Select {...p} name="companyId" value={picked} disabled={busy} onChange={(e) => setPicked(e.target.value)}>
                  <option value="">{companies.isPending ? 'Carregando empresas...' : 'Escolha a empresa'}</option>
                  {companies.data?.map((c) => (
                    <option key={c.id} value={c.id}>
                      {batchCompanyLabel(c)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          <Field label="De (data do ASO)" required error={err('from')}>
            {(p) => <Input {...p} type="date" name="from" value={from} disabled={busy} onChange={(e) => setFrom(e.target.value)} />}
          </Field>
          <Field label="Até (data do ASO)" required error={err('to')}>
            {(p) => <Input {...p} type="date" name="to" value={to} disabled={busy} onChange={(e) => setTo(e.target.value)} />}
          </Field>
        </div>
        <p className="esocial-batch__count" role="status" aria-live="polite">
          {!companyId ? (
            'Escolha a empresa para ver os eventos do período.'
          ) : !periodValid ? (
            'Informe um período válido.'
          ) : counts.isPending ? (
            <>
              <Spinner size="sm" /> Contando eventos...
            </>
          ) : counts.isError ? (
            'Não foi possível contar os eventos do período.'
          ) : truncated ? (
            `Mais de ${COUNT_LIMIT} ASOs no período: o lote exporta todos os S-2220 ainda não exportados.`
          ) : pending === 0 ? (
            `Nenhum S-2220 pendente de exportação no período${exported ? ` (${exported} já exportado${exported === 1 ? '' : 's'})` : ''}.`
          ) : (
            `${pending} S-2220 pendente${pending === 1 ? '' : 's'} de exportação no período${exported ? ` · ${exported} já exportado${exported === 1 ? '' : 's'}` : ''}.`
          )}
        </p>
        <div className="esocial-batch__actions">
          <Button type="submit" loading={busy} loadingText="Exportando...">
            <IconDownload size={16} />
            Exportar S-2220 (lote)
          </Button>
        </div>
      </form>
    </Card>
  );
}
