import type { ForbiddenError } from '../../accounts/permissions';
import { requirePermission } from '../../accounts/permissions';
import { PatientNotFoundError } from '../../patients/patient-errors';
import type { Clock } from '../../ports/clock';
import type { FileStorage } from '../../ports/file-storage';
import type { WorkerRecords, WorkerRecordsSource } from '../../ports/privacy-ports';
import { programmeToday } from '../../programme/schedule';
import { err, ok, type Result } from '../../shared/result';
import type { AuthContext } from '../accounts/session-policy';

/** One entry of the export archive. */
export interface ArchiveEntry {
  path: string;
  bytes: Uint8Array;
}

export interface WorkerDataExport {
  /** `dados-lgpd-<patient id 8>-<aaaa-mm-dd>.zip` */
  fileName: string;
  entries: ArchiveEntry[];
  /** What the archive holds, counted (the LEIAME and the tests read it). */
  counts: { exams: number; employments: number; readings: number; reports: number; files: number; removedFiles: number; pdfs: number; missing: number };
}

/** A file name safe inside a zip on Windows, macOS and Linux (no folders, no reserved characters). */
export function safeEntryName(name: string): string {
  const cleaned = name.normalize('NFC').replace(/[\\/:*?"<>|\u0000-\u001f]/g, '_').replace(/^\.+/, '_').trim();
  return (cleaned || 'arquivo').slice(0, 120);
}

const short = (id: string) => id.replace(/-/g, '').slice(0, 8);
const encoder = new TextEncoder();

/** The LEIAME.txt (pt-BR) of the archive. */
export function exportReadme(r: WorkerRecords, counts: WorkerDataExport['counts'], generatedAt: Date): string {
  const at = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' }).format(generatedAt);
  return [
    'EXPORTAÇÃO DE DADOS PESSOAIS — LGPD (Lei 13.709/2018, art. 18, II)',
    '',
    `Titular: ${r.patient.name}`,
    `Controlador: ${r.organizationName}`,
    `Gerado em: ${at} (horário de Brasília)`,
    '',
    'Conteúdo deste arquivo:',
    '',
    '- dados.json: todos os registros do titular, em JSON (UTF-8):',
    '    trabalhador: cadastro (nome, CPF, nascimento, contatos, empresa, cargo);',
    `    vinculos: ${counts.employments} período(s) de vínculo (empresa, setor, GHE, matrícula, admissão, desligamento);`,
    `    exames: ${counts.exams} audiometria(s) com os limiares, as datas e a classificação (Portaria 19/1998, NR-7 Anexo II);`,
    `    leituras: ${counts.readings} leitura(s) automática(s) de arquivos enviados;`,
    `    laudos: ${counts.reports} versão(ões) de laudo com o rascunho completo (fatos e texto);`,
    `    arquivos: metadados dos ${counts.files} arquivo(s) originais (nome, tipo, tamanho, SHA-256);`,
    '    exclusoesDeExames: exames removidos do prontuário, com o motivo;',
    '    asos: atestados de saúde ocupacional e o estado do evento S-2220 do eSocial (com o XML gerado);',
    '    pedidosDeExclusao: pedidos de exclusão de dados relacionados ao titular.',
    '- arquivos/: os arquivos originais dos exames (audiogramas em PDF ou imagem), com o nome original,',
    '  numa pasta por exame (data_identificador). O SHA-256 de cada um está em dados.json.',
    ...(counts.removedFiles > 0 ? [`- arquivos-de-exames-excluidos/: ${counts.removedFiles} arquivo(s) de exames removidos do prontuário, ainda guardados.`] : []),
    `- laudos/: os PDFs de todas as versões dos laudos finalizados (${counts.pdfs}), inclusive as substituídas por retificação.`,
    ...(counts.missing > 0 ? [`- ${counts.missing} arquivo(s) não puderam ser lidos do armazenamento; veja "ausentes" em dados.json.`] : []),
    '',
    'Datas no formato ISO (aaaa-mm-dd); horários em UTC. Limiares em dB NA por frequência (Hz).',
    'Os prontuários de saúde ocupacional são guardados por no mínimo 20 anos após o desligamento',
    '(NR-7, item 7.6.1.1); veja a política de privacidade do controlador para os demais direitos.',
    '',
  ].join('\r\n');
}

/**
 * The LGPD access export of one worker (art. 18 I-II, issue 20): every record of him as JSON, every
 * original exam file (decrypted, with its original name), the PDF of every laudo version, and a
 * LEIAME.txt — answered in one request. The archive format is the driver's (a zip).
 */
export class ExportWorkerData {
  constructor(private readonly source: WorkerRecordsSource, private readonly storage: FileStorage, private readonly clock: Clock) {}

  async execute(auth: AuthContext, patientId: string): Promise<Result<WorkerDataExport, PatientNotFoundError | ForbiddenError>> {
    const allowed = requirePermission(auth, 'privacy.manage');
    if (!allowed.ok) return allowed;
    const records = await this.source.collect(auth.organizationId, patientId);
    if (!records) return err(new PatientNotFoundError());
    const now = this.clock.now();
    const entries: ArchiveEntry[] = [];
    const taken = new Set<string>();
    const unique = (path: string) => {
      let p = path;
      for (let n = 2; taken.has(p.toLowerCase()); n++) p = path.replace(/(\.[^./]*)?$/, (ext) => ` (${n})${ext}`);
      taken.add(p.toLowerCase());
      return p;
    };
    const missing: Array<{ kind: 'arquivo' | 'laudo'; id: string; reason: string }> = [];
    const examDate = new Map(records.exams.map((e) => [e.id, e.date]));
    const filePaths = new Map<string, string>();
    for (const f of records.files) {
      const path = unique(`arquivos/${examDate.get(f.examId) ?? 'exame'}_${short(f.examId)}/${safeEntryName(f.fileName)}`);
      try {
        entries.push({ path, bytes: await this.storage.read(f.storageKey) });
        filePaths.set(f.id, path);
      } catch {
        missing.push({ kind: 'arquivo', id: f.id, reason: 'não encontrado no armazenamento' });
      }
    }
    const removedPaths = new Map<string, string>();
    for (const f of records.removedExamFiles) {
      const path = unique(`arquivos-de-exames-excluidos/${short(f.examId)}/${safeEntryName(f.fileName)}`);
      try {
        entries.push({ path, bytes: await this.storage.read(f.storageKey) });
        removedPaths.set(f.storageKey, path);
      } catch {
        missing.push({ kind: 'arquivo', id: f.id, reason: 'arquivo de exame excluído não encontrado no armazenamento' });
      }
    }
    const pdfPaths = new Map<string, string>();
    let pdfs = 0;
    for (const r of records.reports) {
      if (!r.pdfStorageKey) continue;
      const path = unique(`laudos/laudo_${examDate.get(r.examId) ?? 'exame'}_${short(r.examId)}_v${r.version}.pdf`);
      try {
        entries.push({ path, bytes: await this.storage.read(r.pdfStorageKey) });
        pdfPaths.set(r.id, path);
        pdfs++;
      } catch {
        missing.push({ kind: 'laudo', id: r.id, reason: 'PDF não encontrado no armazenamento' });
      }
    }
    const counts = {
      exams: records.exams.length, employments: records.employments.length, readings: records.readings.length,
      reports: records.reports.length, files: records.files.length, removedFiles: removedPaths.size, pdfs, missing: missing.length,
    };
    const data = {
      formato: 'limiar-lgpd-export/1',
      geradoEm: now.toISOString(),
      dataDeGeracao: programmeToday(now),
      controlador: records.organizationName,
      trabalhador: records.patient,
      vinculos: records.employments,
      exames: records.exams,
      leituras: records.readings,
      laudos: records.reports.map((r) => ({ ...r.record, arquivoPdf: pdfPaths.get(r.id) ?? null })),
      arquivos: records.files.map(({ storageKey: _key, ...f }) => ({ ...f, arquivo: filePaths.get(f.id) ?? null })),
      arquivosDeExamesExcluidos: records.removedExamFiles.map(({ storageKey, ...f }) => ({ ...f, removidoEm: f.createdAt, arquivo: removedPaths.get(storageKey) ?? null })),
      exclusoesDeExames: records.examDeletions,
      asos: records.asos,
      pedidosDeExclusao: records.deletionRequests,
      ausentes: missing,
    };
    entries.unshift(
      { path: 'dados.json', bytes: encoder.encode(JSON.stringify(data, null, 2)) },
      { path: 'LEIAME.txt', bytes: encoder.encode(exportReadme(records, counts, now)) },
    );
    return ok({ fileName: `dados-lgpd-${short(patientId)}-${programmeToday(now)}.zip`, entries, counts });
  }
}
