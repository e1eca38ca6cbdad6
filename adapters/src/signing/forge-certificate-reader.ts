import forge from 'node-forge';
import {
  CertificateInvalidFileError, CertificateInvalidPasswordError, err, ok, type CertificateReader, type ParsedCertificate, type Result,
} from '../../../core/src';
import { openPkcs12, Pkcs12Error } from './pkcs12';

const asn1 = forge.asn1;
const OID_SUBJECT_ALT_NAME = '2.5.29.17';
/** ICP-Brasil otherName "dados do titular pessoa física": birth date (ddmmaaaa), CPF (11), NIS (11), RG (15), issuer+UF (6). */
const OID_ICP_PESSOA_FISICA = '2.16.76.1.3.1';
/** The health-professional registry OIDs of the ITI (CRM number and UF), when an AC puts them in the certificate. */
const OID_CRM = '2.16.76.1.4.2.2.1';
const OID_CRM_UF = '2.16.76.1.4.2.2.2';

/** A DN attribute's text: forge keeps UTF8String/BMPString values as raw bytes. */
function attributeText(attr: forge.pki.CertificateField | undefined): string | null {
  if (!attr || attr.value === undefined) return null;
  const raw = String(attr.value);
  const tag = attr.valueTagClass as unknown as number; // @types/node-forge types it as a class; it is the value's ASN.1 type
  if (tag === asn1.Type.UTF8) {
    try {
      return forge.util.decodeUtf8(raw);
    } catch {
      return raw;
    }
  }
  if (tag === asn1.Type.BMPSTRING) {
    let text = '';
    for (let i = 0; i + 1 < raw.length; i += 2) text += String.fromCharCode((raw.charCodeAt(i) << 8) | raw.charCodeAt(i + 1));
    return text;
  }
  return raw;
}

/** otherName values of the subjectAltName, by OID (the inner value as text; OCTET STRING, PrintableString or UTF8String). */
function otherNames(cert: forge.pki.Certificate): Map<string, string> {
  const found = new Map<string, string>();
  const ext = (cert.extensions as { id: string; value: string }[]).find((e) => e.id === OID_SUBJECT_ALT_NAME);
  if (!ext || typeof ext.value !== 'string') return found;
  try {
    const names = asn1.fromDer(ext.value, false);
    for (const gn of (names.value as forge.asn1.Asn1[]) ?? []) {
      if (gn.tagClass !== asn1.Class.CONTEXT_SPECIFIC || gn.type !== 0 || !Array.isArray(gn.value)) continue;
      const [oid, wrapped] = gn.value as forge.asn1.Asn1[];
      if (!oid || oid.type !== asn1.Type.OID || !wrapped || !Array.isArray(wrapped.value)) continue;
      const inner = (wrapped.value as forge.asn1.Asn1[])[0];
      if (!inner || typeof inner.value !== 'string') continue;
      const text = inner.type === asn1.Type.UTF8 ? forge.util.decodeUtf8(inner.value) : inner.value;
      found.set(asn1.derToOid(forge.util.createBuffer(oid.value as string)), text);
    }
  } catch {
    // an unreadable subjectAltName only means no CPF/CRM from it
  }
  return found;
}

const cpfDigits = (text: string | null | undefined): string | null => {
  const d = text?.trim() ?? '';
  return /^\d{11}$/.test(d) && !/^0+$/.test(d) ? d : null;
};

/** "123456/SP" from a subject OU like "CRM-SP 123456", "CRM/SP: 123456" or "CRM 123456 SP"; null otherwise. */
export function crmFromText(text: string): string | null {
  const m = /\bCRM\s*[-/:]?\s*(?:([A-Z]{2})\s*[-/:]?\s*)?(\d{3,8})(?:\s*[-/]?\s*([A-Z]{2})\b)?/i.exec(text);
  if (!m) return null;
  const uf = (m[1] ?? m[3])?.toUpperCase();
  return uf ? `${m[2]}/${uf}` : m[2];
}

/**
 * Reads an ICP-Brasil A1 (PKCS#12) with node-forge. What it takes from the signer's certificate:
 * - subjectName: the subject CN ("NOME:CPF" on an e-CPF); issuerName: the issuer CN;
 * - cpf: the subjectAltName otherName 2.16.76.1.3.1 (DOC-ICP-04: characters 9–19 are the CPF), else the
 *   11 digits after the CN's last ':';
 * - crm: otherName 2.16.76.1.4.2.2.1 (+ 2.16.76.1.4.2.2.2 for the UF) when present, else an OU naming a CRM.
 *   An e-CPF has no mandatory CRM field: most certificates have none, and the profile's CRM is used instead.
 */
export class ForgeCertificateReader implements CertificateReader {
  read(pfx: Uint8Array, password: string): Result<ParsedCertificate, CertificateInvalidPasswordError | CertificateInvalidFileError> {
    let opened;
    try {
      opened = openPkcs12(pfx, password);
    } catch (error) {
      if (error instanceof Pkcs12Error && error.reason === 'invalid-password') return err(new CertificateInvalidPasswordError());
      return err(new CertificateInvalidFileError());
    }
    const cert = opened.certificate;
    const cn = attributeText(cert.subject.getField('CN')) ?? '';
    const others = otherNames(cert);
    const pf = others.get(OID_ICP_PESSOA_FISICA);
    const cpf = cpfDigits(pf?.slice(8, 19)) ?? cpfDigits(/:(\d{11})\s*$/.exec(cn)?.[1]);
    const crmNumber = others.get(OID_CRM)?.trim().replace(/^0+(?=\d)/, '');
    const crmUf = others.get(OID_CRM_UF)?.trim().toUpperCase();
    const ous = cert.subject.attributes.filter((a) => a.shortName === 'OU' || a.name === 'organizationalUnitName').map((a) => attributeText(a) ?? '');
    const crm = crmNumber && /^\d+$/.test(crmNumber) ? (crmUf ? `${crmNumber}/${crmUf}` : crmNumber) : ous.map(crmFromText).find((c) => c) ?? null;
    return ok({
      subjectName: cn || cert.subject.attributes.map((a) => `${a.shortName ?? a.name}=${attributeText(a)}`).join(', '),
      issuerName: attributeText(cert.issuer.getField('CN')) ?? attributeText(cert.issuer.getField('O')) ?? '',
      cpf, crm,
      serialNumber: cert.serialNumber.toLowerCase().replace(/^0+(?=.)/, ''),
      notBefore: cert.validity.notBefore, notAfter: cert.validity.notAfter,
      chainLength: 1 + opened.chain.length,
    });
  }
}
