import fs from 'node:fs';
import path from 'node:path';
import { err, InvalidS2220EventError, ok, type Result, type S2220Event, type S2220XmlWriter } from '../../../core/src';

/** Namespace of evtMonit, leiaute S-1.3 (evtMonit.xsd targetNamespace). */
export const EVT_MONIT_NAMESPACE = 'http://www.esocial.gov.br/schema/evt/evtMonit/v_S_01_03_00';

const SCHEMA_DIR = path.join(import.meta.dirname, 'schemas', 'v_S_01_03_00');
let schemas: { evtMonit: string; tipos: string; xmldsig: string } | undefined;
const stripBom = (s: string) => s.replace(/^\uFEFF/, '');
function loadSchemas() {
  return (schemas ??= {
    evtMonit: stripBom(fs.readFileSync(path.join(SCHEMA_DIR, 'evtMonit.xsd'), 'utf8')),
    tipos: stripBom(fs.readFileSync(path.join(SCHEMA_DIR, 'tipos.xsd'), 'utf8')),
    xmldsig: stripBom(fs.readFileSync(path.join(SCHEMA_DIR, 'xmldsig-core-schema.xsd'), 'utf8')),
  });
}

const esc = (v: string) => v.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const el = (name: string, value: string | number | null | undefined) => (value === null || value === undefined ? '' : `<${name}>${esc(String(value))}</${name}>`);

/**
 * The S-2220 event as XML (UTF-8, no signature, no whitespace between elements — the eSocial signs and
 * hashes the bytes as they are). Element order follows evtMonit.xsd. Unsigned: the employer's eSocial
 * software signs it with its certificate before transmission (docs/esocial.md §5).
 */
export function s2220Xml(e: S2220Event): string {
  const { ideEvento: ie, ideEmpregador: emp, ideVinculo: vin, exMedOcup: ex } = e;
  const exames = ex.aso.exames
    .map((x) => `<exame>${el('dtExm', x.dtExm)}${el('procRealizado', x.procRealizado)}${el('obsProc', x.obsProc)}${el('ordExame', x.ordExame)}${el('indResult', x.indResult)}</exame>`)
    .join('');
  const resp = ex.respMonit
    ? `<respMonit>${el('cpfResp', ex.respMonit.cpfResp)}${el('nmResp', ex.respMonit.nmResp)}${el('nrCRM', ex.respMonit.nrCRM)}${el('ufCRM', ex.respMonit.ufCRM)}</respMonit>`
    : '';
  return '<?xml version="1.0" encoding="UTF-8"?>'
    + `<eSocial xmlns="${EVT_MONIT_NAMESPACE}">`
    + `<evtMonit Id="${esc(e.id)}">`
    + `<ideEvento>${el('indRetif', ie.indRetif)}${el('nrRecibo', ie.nrRecibo)}${el('tpAmb', ie.tpAmb)}${el('procEmi', ie.procEmi)}${el('verProc', ie.verProc)}</ideEvento>`
    + `<ideEmpregador>${el('tpInsc', emp.tpInsc)}${el('nrInsc', emp.nrInsc)}</ideEmpregador>`
    + `<ideVinculo>${el('cpfTrab', vin.cpfTrab)}${el('matricula', vin.matricula)}</ideVinculo>`
    + `<exMedOcup>${el('tpExameOcup', ex.tpExameOcup)}`
    + `<aso>${el('dtAso', ex.aso.dtAso)}${el('resAso', ex.aso.resAso)}${exames}`
    + `<medico>${el('nmMed', ex.aso.medico.nmMed)}${el('nrCRM', ex.aso.medico.nrCRM)}${el('ufCRM', ex.aso.medico.ufCRM)}</medico></aso>`
    + `${resp}</exMedOcup>`
    + '</evtMonit></eSocial>';
}

/**
 * A structurally valid, empty XML signature (ds:Signature). evtMonit.xsd requires one after evtMonit;
 * the exported event is unsigned (signing is the employer's software's job), so validation runs on a
 * copy with this placeholder: every element Limiar writes is checked against the official schema as
 * published, unmodified.
 */
const PLACEHOLDER_SIGNATURE = '<Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo>'
  + '<CanonicalizationMethod Algorithm="http://www.w3.org/TR/2001/REC-xml-c14n-20010315"/>'
  + '<SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#rsa-sha256"/>'
  + '<Reference URI=""><DigestMethod Algorithm="http://www.w3.org/2001/04/xmlenc#sha256"/><DigestValue>AA==</DigestValue></Reference>'
  + '</SignedInfo><SignatureValue>AA==</SignatureValue></Signature>';

/** The unsigned event with the placeholder signature where the schema wants the real one. */
export const withPlaceholderSignature = (xml: string) => xml.replace(/<\/eSocial>\s*$/, `${PLACEHOLDER_SIGNATURE}</eSocial>`);

export interface XsdValidation {
  valid: boolean;
  errors: string[];
}

/**
 * Validates an S-2220 XML against the official evtMonit.xsd (with tipos.xsd and xmldsig-core-schema.xsd)
 * with xmllint (libxml2 compiled to WebAssembly). `signed: false` (default) validates an unsigned event
 * with the placeholder signature.
 */
export async function validateS2220(xml: string, options: { signed?: boolean } = {}): Promise<XsdValidation> {
  return (await validateS2220Many([xml], options))[0];
}

/**
 * Validates several events in one xmllint run (the schemas are compiled once: ~0.3 s, then ~2 ms per
 * event), each answer in the input's order.
 */
export async function validateS2220Many(xmls: readonly string[], options: { signed?: boolean } = {}): Promise<XsdValidation[]> {
  if (!xmls.length) return [];
  const { validateXML } = await import('xmllint-wasm');
  const s = loadSchemas();
  const names = xmls.map((_, i) => `S-2220-${i}.xml`);
  const result = await validateXML({
    xml: xmls.map((xml, i) => ({ fileName: names[i], contents: options.signed ? xml : withPlaceholderSignature(xml) })),
    schema: [{ fileName: 'evtMonit.xsd', contents: s.evtMonit }],
    preload: [{ fileName: 'tipos.xsd', contents: s.tipos }, { fileName: 'xmldsig-core-schema.xsd', contents: s.xmldsig }],
  });
  const out: XsdValidation[] = names.map(() => ({ valid: true, errors: [] }));
  for (const e of result.errors) {
    if (/ fails to validate$/.test(e.message.trim()) && !e.loc) {
      const i = names.findIndex((n) => e.rawMessage.startsWith(`${n} `));
      if (i >= 0 && !out[i].valid) continue; // the file's own errors were already kept
    }
    // "<file> fails to validate" has no position but names its file
    const at = e.loc ? names.indexOf(e.loc.fileName) : names.findIndex((n) => e.rawMessage.startsWith(`${n} `));
    // an error xmllint did not place is held against every file (never a false "valid")
    for (const i of at >= 0 ? [at] : names.map((_, k) => k)) out[i] = { valid: false, errors: [...out[i].errors, e.message.trim()] };
  }
  if (!result.valid && out.every((o) => o.valid)) return names.map(() => ({ valid: false, errors: [result.rawOutput.trim()] }));
  return out;
}

const REFUSED = 'O S-2220 gerado não passou na validação do leiaute do eSocial (evtMonit.xsd): confira os dados do ASO';

/** The S2220XmlWriter of the product: serialise, then validate against evtMonit.xsd before answering. */
export class XsdValidatedS2220Writer implements S2220XmlWriter {
  async write(event: S2220Event): Promise<Result<string, InvalidS2220EventError>> {
    return (await this.writeMany([event]))[0];
  }

  async writeMany(events: readonly S2220Event[]): Promise<Array<Result<string, InvalidS2220EventError>>> {
    const xmls = events.map(s2220Xml);
    const checked = await validateS2220Many(xmls);
    return xmls.map((xml, i) => (checked[i].valid ? ok(xml) : err(new InvalidS2220EventError(REFUSED, checked[i].errors.map((m) => ({ path: 'xml', message: m }))))));
  }
}
