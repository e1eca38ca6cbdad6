import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { useDocumentTitle } from '../../components/layout/use-document-title';
import { Button, buttonClassName } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { IconArrowLeft, IconDownload } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { LoadingState } from '../../components/ui/spinner';
import { ErrorState } from '../../components/ui/states';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api-client';
import { formatDateTime, formatDb, getReport, NEXO_LEVEL_LABELS, openReportPdf, parseDraft, reportKeys, reportTypeBadge, type NexoLevelValue } from './api';
import { NarrativeView } from './narrative-view';
import { attributionText } from '../../lib/attribution';
import { ClinicHeaderCard } from '../settings';
import { useCan } from '../auth';
import { AsoSection } from '../esocial';
import { AmendLaudoButton, AmendmentBanner, LaudoVersionsCard, SupersededBanner, signatureKindLabel, useReportVersions } from './laudo-versions';
import './reports.css';

const yesNo = (v: unknown) => (v === true ? 'Sim' : v === false ? 'Não' : '-');
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);

/** /reports/{id} (spec §2 "Report detail"): the clinic header, cards, PDF and the draft's content as readable sections (issue 14: no raw JSON). */
export default function ReportDetailPage() {
  useDocumentTitle('Laudo');
  const { id = '' } = useParams();
  const query = useQuery({ queryKey: reportKeys.detail(id), queryFn: ({ signal }) => getReport(id, signal), retry: false });
  const canDraft = useCan('laudo.draft');
  const navigate = useNavigate();
  // issue 20: the laudo's versions (amendments), for the history card, the superseded banner and "Retificar laudo"
  const versions = useReportVersions(query.data?.id);

  if (query.isPending) return <LoadingState />;
  if (query.isError) {
    const notFound = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="ui-page reports">
        <PageHeader title="Laudo" back={{ to: paths.reports.getHref(), label: 'Voltar para Laudos' }} />
        <ErrorState
          title={notFound ? 'Laudo não encontrado' : 'Erro ao carregar laudo'}
          message={notFound ? 'O laudo não existe ou não pertence à sua organização.' : 'Erro ao carregar laudo'}
          onRetry={notFound ? undefined : () => void query.refetch()}
          actions={
            <Link className={buttonClassName({ variant: 'secondary' })} to={paths.reports.getHref()}>
              <IconArrowLeft size={16} />
              Voltar
            </Link>
          }
        />
      </div>
    );
  }

  const report = query.data;
  const draft = parseDraft(report.draftJson);
  const nr7 = draft.validacao_nr7;
  const p19 = draft.interpretacao_portaria19;
  const exames = Array.isArray(p19?.exames) ? p19.exames : [];
  const nexo = draft.nexo_causal;
  const level = nexo?.classificacao as NexoLevelValue | null | undefined;
  const missing = strings(draft.faltantes_criticos);
  const checklist = (Array.isArray(nexo?.checklist_cfm) ? nexo.checklist_cfm : []) as { item: string; status: string; evidencia?: string }[];

  return (
    <div className="ui-page reports">
      <PageHeader
        title={`Laudo — ${report.patientName}`}
        description={`${reportTypeBadge(report.type)} · ${report.finalizedBy?.name ?? report.doctorName}`}
        back={{ to: paths.reports.getHref(), label: 'Voltar para Laudos' }}
        actions={
          <>
            {canDraft && (
              <Link className={buttonClassName({ variant: 'secondary' })} to={paths.reportEditor.getHref(report.examId)}>
                Abrir no Editor
              </Link>
            )}
            <AmendLaudoButton report={report} versions={versions.data} onAmended={(draft) => navigate(paths.reportEditor.getHref(draft.examId))} />
            {report.pdfUrl && (
              <Button onClick={() => void openReportPdf(report)}>
                <IconDownload size={16} />
                Abrir PDF
              </Button>
            )}
          </>
        }
      />

      <SupersededBanner report={report} versions={versions.data} />
      <AmendmentBanner report={report} onDiscarded={(back) => navigate(paths.reportDetail.getHref(back.id), { replace: true })} />

      <ClinicHeaderCard />

      <div className="report-detail__cards">
        <Card title="Paciente">
          <p className="report-detail__card-value">{report.patientName}</p>
          <p className="report-detail__card-sub">{report.patientCompany || 'Sem Empresa'}</p>
        </Card>
        <Card title="Gerado em">
          <p className="report-detail__card-value">{formatDateTime(report.createdAt)}</p>
          {report.draftedBy && <p className="report-detail__card-sub">Elaborado por {attributionText(report.draftedBy)}</p>}
          {report.finalizedAt && (
            <p className="report-detail__card-sub">
              {report.finalizedBy ? `Finalizado por ${attributionText(report.finalizedBy)}` : `Finalizado em ${formatDateTime(report.finalizedAt)}`}
            </p>
          )}
        </Card>
        <Card title="Status">
          <p className="report-detail__card-value">
            {report.status || 'Draft'}
            {report.version > 1 ? ` · versão ${report.version}` : ''}
          </p>
          {report.status === 'Finalizado' && <p className="report-detail__card-sub">{signatureKindLabel(report.signatureKind)}</p>}
          {report.verificationCode && (
            <p className="report-detail__card-sub">
              Código de verificação <Link to={paths.verifyCode.getHref(report.verificationCode)}>{report.verificationCode}</Link>
            </p>
          )}
          {report.pdfSha256 && (
            <p className="report-detail__card-sub" title={report.pdfSha256}>
              PDF emitido · SHA-256 {report.pdfSha256.slice(0, 12)}…
            </p>
          )}
        </Card>
      </div>

      <LaudoVersionsCard reportId={report.id} />

      <Card title="Validação NR-7">
        <dl className="report-detail__list">
          <dt>Repouso auditivo de 14 h</dt>
          <dd>{yesNo(nr7?.repouso_14h_ok)}</dd>
          <dt>Equipamento aferido</dt>
          <dd>{yesNo(nr7?.equipamento_registrado)}</dd>
          <dt>Observações</dt>
          <dd>
            <NarrativeView text={nr7?.observacoes} empty="-" />
          </dd>
        </dl>
      </Card>

      <Card title="Resumo">
        <NarrativeView text={typeof draft.summary_text === 'string' ? draft.summary_text : ''} />
      </Card>

      <Card title="Interpretação do exame">
        <NarrativeView text={typeof draft.interpretacao_exame === 'string' ? draft.interpretacao_exame : ''} />
      </Card>

      <Card title="Interpretação Portaria 19/98" description={p19?.exame_a1 ? `Exame atual: ${p19.exame_a1}` : undefined}>
        {exames.length === 0 ? (
          <p>Nenhum exame interpretado.</p>
        ) : (
          <div className="report-detail__table-wrap" tabIndex={0} role="region" aria-label="Interpretação por exame (role horizontalmente em telas estreitas)">
          <table className="report-detail__table">
            <caption className="visually-hidden">Interpretação por exame</caption>
            <thead>
              <tr>
                <th scope="col">Exame</th>
                <th scope="col">Classificação</th>
                <th scope="col">Média OD 3–6 kHz</th>
                <th scope="col">Média OE 3–6 kHz</th>
              </tr>
            </thead>
            <tbody>
              {exames.map((e, i) => (
                <tr key={`${e.data}-${i}`}>
                  <td>{e.data || `Exame ${i + 1}`}</td>
                  <td>{e.classificacao || '-'}</td>
                  <td>{formatDb(e.od_media_3a6khz_db)}</td>
                  <td>{formatDb(e.oe_media_3a6khz_db)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        )}
      </Card>

      {(report.type === 'nexo-causal' || level) && (
        <Card title="Nexo Causal">
          <p>
            Classificação:{' '}
            <span className="report-detail__nexo-level">{level ? (NEXO_LEVEL_LABELS[level] ?? level) : 'não avaliada'}</span>
          </p>
          {nexo && (nexo as { confirmado?: boolean }).confirmado === true && <p className="report-detail__card-sub">Nível confirmado pelo profissional.</p>}
          {strings(nexo?.fundamentos).length > 0 && (
            <>
              <h3>Fundamentos</h3>
              <ul>
                {strings(nexo?.fundamentos).map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
            </>
          )}
          {checklist.length > 0 && (
            <>
              <h3>Resolução CFM n.º 2.323/2022, art. 2º</h3>
              <p>
                {checklist.filter((c) => c.status === 'avaliado').length} de {checklist.length} itens avaliados.
              </p>
              <ol className="report-detail__cfm">
                {checklist.map((c) => (
                  <li key={c.item}>
                    {c.item} — <strong>{c.status}</strong>
                    {c.evidencia ? `: ${c.evidencia}` : ''}
                  </li>
                ))}
              </ol>
            </>
          )}
          {report.type === 'nexo-causal' && (
            <>
              <h3>Conclusão sobre o nexo causal</h3>
              <NarrativeView text={typeof draft.nexo_conclusao === 'string' ? draft.nexo_conclusao : ''} />
            </>
          )}
        </Card>
      )}

      <Card title="Dados críticos faltantes">
        {missing.length === 0 ? (
          <p>Nenhum dado crítico faltante.</p>
        ) : (
          <ul>
            {missing.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </Card>

      <Card title="Recomendações">
        <NarrativeView text={strings(draft.recomendacoes).map((r) => `- ${r}`).join('\n')} empty="Nenhuma recomendação." />
      </Card>

      <AsoSection examId={report.examId} patientId={report.patientId} />
    </div>
  );
}
