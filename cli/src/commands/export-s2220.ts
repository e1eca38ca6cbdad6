import { CliInputError, EXIT_OK, EXIT_ROWS_REJECTED } from '../exit-codes';

interface S2220Options {
  user?: string;
  organization?: string;
  company?: string;
  out?: string;
}

/**
 * `limiar export s2220 --company <cnpj> --from <data> --to <data> [--out arquivo.zip] -u <e-mail>` (issue 21,
 * docs/esocial.md): the zip of every S-2220 of the company's ASOs dated from..to not exported yet (generated
 * when needed, validated against evtMonit.xsd, marked exported) — the same use case as GET /api/esocial/s2220.zip.
 * ASOs whose event cannot be generated are listed on stderr (exit 1); nothing pending: a message, no file, exit 0.
 */
export async function exportS2220(opts: S2220Options, from: string | undefined, to: string | undefined, fail: (message: string) => void): Promise<void> {
  if (!opts.company) return fail('Informe a empresa pelo CNPJ: --company <cnpj>');
  if (!from || !to) return fail('Informe o período das datas dos ASOs: --from <data> e --to <data> (dd/mm/aaaa ou AAAA-MM-DD)');
  if (from > to) return fail('O início do período (--from) é posterior ao fim (--to)');
  if (opts.out === '-' && process.stdout.isTTY) return fail('O zip não é escrito no terminal: informe --out <arquivo> (ou redirecione a saída)');
  const fs = await import('node:fs');
  const { loadConfig } = await import('../../../adapters/src/composition/config');
  const { openEsocialServices } = await import('../../../adapters/src/composition/esocial-services');
  const { organizationFor } = await import('../organization-of');
  const { Cnpj, formatCnpj, formatDateBr } = await import('../../../core/src');
  const cnpj = Cnpj.parse(opts.company);
  if (!cnpj.ok) return fail(`CNPJ inválido em --company: ${opts.company} (confira os dígitos verificadores)`);
  const services = await openEsocialServices(loadConfig(), (m) => process.stderr.write(`${m}\n`));
  try {
    const organizationId = await organizationFor(services, opts.user!, opts.organization, 'dashboards.export');
    const member = await services.memberOf(opts.user!, organizationId);
    if (!member) throw new CliInputError(`Usuário não encontrado: ${opts.user}`);
    const company = await services.companyByCnpj(organizationId, cnpj.value.value);
    if (!company) return fail(`Nenhuma empresa com o CNPJ ${formatCnpj(cnpj.value.value)} nesta organização`);
    const started = performance.now();
    const batch = await services.asos.exportBatch(
      { userId: member.userId, organizationId, sessionId: 'cli', memberId: member.memberId, roles: member.roles },
      { companyId: company.id, from, to },
    );
    if (!batch.ok) return fail(batch.error.message);
    const { zip, files, skipped } = batch.value;
    for (const s of skipped) process.stderr.write(`ASO de ${s.patientName} (${formatDateBr(s.asoDate)}) não exportado: ${s.message}\n`);
    const period = `${formatDateBr(from)} a ${formatDateBr(to)}`;
    if (!zip) {
      process.stderr.write(`Nenhum S-2220 pendente de ${company.name} (${formatCnpj(company.cnpj)}) com ASO de ${period}.\n`);
      process.exitCode = skipped.length ? EXIT_ROWS_REJECTED : EXIT_OK;
      return;
    }
    const out = opts.out ?? `S-2220-${company.cnpj}-${from}-${to}.zip`;
    if (out === '-') process.stdout.write(zip);
    else {
      fs.writeFileSync(`${out}.parcial`, zip);
      fs.renameSync(`${out}.parcial`, out); // never a half-written file under the final name
    }
    const seconds = (performance.now() - started) / 1000;
    process.stderr.write(`${files.length} evento(s) S-2220 de ${company.name} (${formatCnpj(company.cnpj)}), ASOs de ${period}: ${out === '-' ? 'saída padrão' : out}`
      + `${skipped.length ? `; ${skipped.length} ASO(s) deixado(s) de fora` : ''} em ${seconds.toFixed(1)} s. Os XML não são assinados: o software do empregador assina e transmite.\n`);
    process.exitCode = skipped.length ? EXIT_ROWS_REJECTED : EXIT_OK;
  } catch (e) {
    if (e instanceof CliInputError) return fail(e.message);
    throw e;
  } finally {
    await services.close();
  }
}
