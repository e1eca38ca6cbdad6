import { createHash, createPrivateKey, sign as rsaSign, type KeyObject } from 'node:crypto';
import { SignPdf } from '@signpdf/signpdf';
import { DEFAULT_BYTE_RANGE_PLACEHOLDER, SUBFILTER_ETSI_CADES_DETACHED, Signer } from '@signpdf/utils';
import forge from 'node-forge';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFInvalidObject, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import type { PdfSigner, SignatureMeta, SigningCredential } from '../../../core/src';
import { certificateDer, openPkcs12, type OpenedPkcs12 } from './pkcs12';

const asn1 = forge.asn1;
const { Class, Type } = asn1;

const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
} as const;

const oid = (id: string) => asn1.create(Class.UNIVERSAL, Type.OID, false, asn1.oidToDer(id).getBytes());
const seq = (value: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SEQUENCE, true, value);
const set = (value: forge.asn1.Asn1[]) => asn1.create(Class.UNIVERSAL, Type.SET, true, value);
const octets = (bytes: string) => asn1.create(Class.UNIVERSAL, Type.OCTETSTRING, false, bytes);
const integer = (n: number) => asn1.create(Class.UNIVERSAL, Type.INTEGER, false, asn1.integerToDer(n).getBytes());
const der = (node: forge.asn1.Asn1) => asn1.toDer(node).getBytes();
/** AlgorithmIdentifier; SHA-256 without parameters (RFC 5754), the RSA signature with NULL. */
const algorithm = (id: string, withNull = false) => seq([oid(id), ...(withNull ? [asn1.create(Class.UNIVERSAL, Type.NULL, false, '')] : [])]);
const sha256 = (bytes: string | Buffer) => createHash('sha256').update(typeof bytes === 'string' ? Buffer.from(bytes, 'binary') : bytes).digest('binary');

/** DER orders a SET OF by its elements' encodings (X.690 11.6): the signed attributes must be sorted to be verifiable. */
function derSetOf(elements: forge.asn1.Asn1[]): forge.asn1.Asn1 {
  const sorted = elements.map((e) => ({ e, bytes: Buffer.from(der(e), 'binary') })).sort((a, b) => {
    const n = Math.max(a.bytes.length, b.bytes.length);
    for (let i = 0; i < n; i++) {
      const d = (a.bytes[i] ?? 0) - (b.bytes[i] ?? 0);
      if (d !== 0) return d;
    }
    return 0;
  });
  return set(sorted.map((s) => s.e));
}

/** Issuer Name and serialNumber exactly as encoded in the certificate (TBSCertificate fields). */
function issuerAndSerial(cert: forge.pki.Certificate): { issuer: forge.asn1.Asn1; serial: forge.asn1.Asn1 } {
  const tbs = forge.pki.certificateToAsn1(cert).value[0] as forge.asn1.Asn1;
  const fields = tbs.value as forge.asn1.Asn1[];
  const offset = fields[0].tagClass === Class.CONTEXT_SPECIFIC ? 1 : 0; // [0] version present on v3 certificates
  return { serial: fields[offset], issuer: fields[offset + 2] };
}

/**
 * The CMS SignedData of a PAdES baseline B-B signature (ETSI EN 319 142-1 §6.3, CAdES detached):
 * signed attributes content-type, message-digest and ESS signing-certificate-v2 (RFC 5035, SHA-256 of the
 * signer's certificate with its issuer and serial) — and deliberately no signing-time attribute: PAdES
 * forbids it (EN 319 142-1 Table 1), the claimed time is the signature dictionary's /M; the ITI's
 * ICP-Brasil validator refuses PAdES files that carry it. The signer's certificate and its chain are
 * embedded. RSA PKCS#1 v1.5 with SHA-256.
 */
export class CadesDetachedSigner extends Signer {
  private readonly key: KeyObject;

  constructor(private readonly opened: OpenedPkcs12) {
    super();
    this.key = createPrivateKey(forge.pki.privateKeyToPem(opened.key));
  }

  override async sign(content: Buffer): Promise<Buffer> {
    return Buffer.from(this.cms(content), 'binary');
  }

  /** The DER SignedData (a binary string) over `content`, the PDF's signed byte ranges. */
  cms(content: Buffer): string {
    const signer = this.opened.certificate;
    const signerDer = certificateDer(signer);
    const { issuer, serial } = issuerAndSerial(signer);
    const attribute = (type: string, value: forge.asn1.Asn1) => seq([oid(type), set([value])]);
    const essCertIdV2 = seq([
      // hashAlgorithm omitted: SHA-256 is its DEFAULT, and DER leaves defaults out
      octets(sha256(signerDer)),
      seq([seq([asn1.create(Class.CONTEXT_SPECIFIC, 4, true, [issuer])]), serial]),
    ]);
    const signedAttributes = [
      attribute(OID.contentType, oid(OID.data)),
      attribute(OID.messageDigest, octets(sha256(content))),
      attribute(OID.signingCertificateV2, seq([seq([essCertIdV2])])),
    ];
    const attributeSet = derSetOf(signedAttributes);
    // the signature covers the attributes encoded as a SET (tag 0x31), not as the [0] IMPLICIT field
    const signature = rsaSign('sha256', Buffer.from(der(attributeSet), 'binary'), this.key).toString('binary');
    const signerInfo = seq([
      integer(1),
      seq([issuer, serial]),
      algorithm(OID.sha256),
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, attributeSet.value as forge.asn1.Asn1[]),
      algorithm(OID.sha256WithRSAEncryption, true),
      octets(signature),
    ]);
    const certificates = [signer, ...this.opened.chain].map((c) => forge.pki.certificateToAsn1(c));
    const signedData = seq([
      integer(1),
      set([algorithm(OID.sha256)]),
      seq([oid(OID.data)]), // detached: no eContent
      asn1.create(Class.CONTEXT_SPECIFIC, 0, true, certificates),
      set([signerInfo]),
    ]);
    return der(seq([oid(OID.signedData), asn1.create(Class.CONTEXT_SPECIFIC, 0, true, [signedData])]));
  }
}

/** PDF text strings in UTF-16BE (names with accents survive; PDFDocEncoding would not hold every name). */
const text = (value: string) => PDFHexString.fromText(value);

/**
 * Adds an invisible signature field on the first page whose signature dictionary has the /ByteRange and
 * /Contents placeholders @signpdf/signpdf fills (the visible stamp is part of the laudo page itself).
 */
function addPlaceholder(doc: PDFDocument, meta: SignatureMeta, signatureLength: number): void {
  const page = doc.getPages()[0];
  const byteRange = PDFArray.withContext(doc.context);
  byteRange.push(PDFNumber.of(0));
  for (let i = 0; i < 3; i++) byteRange.push(PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER));
  const signature = doc.context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
    ByteRange: byteRange,
    Contents: PDFHexString.of('0'.repeat(signatureLength * 2)),
    Name: text(meta.signerName),
    Reason: text(meta.reason),
    M: PDFString.fromDate(meta.signingTime),
    ...(meta.location ? { Location: text(meta.location) } : {}),
    ...(meta.contactInfo ? { ContactInfo: text(meta.contactInfo) } : {}),
    Prop_Build: { App: { Name: PDFName.of('Limiar') } },
  });
  // written as is (never inside an object stream), so the placeholders stay findable in the file's bytes
  const bytes = new Uint8Array(signature.sizeInBytes());
  signature.copyBytesInto(bytes, 0);
  const signatureRef = doc.context.register(PDFInvalidObject.of(bytes));
  const widget = doc.context.register(doc.context.obj({
    Type: 'Annot', Subtype: 'Widget', FT: 'Sig', Rect: [0, 0, 0, 0], V: signatureRef,
    T: PDFString.of('Assinatura1'), F: 4 /* print */, P: page.ref,
    AP: { N: doc.context.register(doc.context.formXObject([], { BBox: [0, 0, 0, 0], Resources: {} })) },
  }));
  const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray) ?? doc.context.obj([]);
  annotations.push(widget);
  page.node.set(PDFName.of('Annots'), annotations);
  let form = doc.catalog.lookupMaybe(PDFName.of('AcroForm'), PDFDict);
  if (!form) {
    form = doc.context.obj({ Fields: [] });
    doc.catalog.set(PDFName.of('AcroForm'), doc.context.register(form));
  }
  form.set(PDFName.of('SigFlags'), PDFNumber.of(3)); // SignaturesExist | AppendOnly
  const fields = form.lookupMaybe(PDFName.of('Fields'), PDFArray) ?? doc.context.obj([]);
  fields.push(widget);
  form.set(PDFName.of('Fields'), fields);
}

/**
 * Signs a whole PDF (the laudo, rendered by Chromium) with a PAdES baseline B-B signature: pdf-lib
 * rewrites the file with an invisible signature field, @signpdf/signpdf computes the /ByteRange (the whole
 * file but the /Contents hole) and puts in the CMS that CadesDetachedSigner makes from the A1 credential.
 * The placeholder is sized from the certificate chain, so a long ICP-Brasil chain always fits.
 */
export class PadesPdfSigner implements PdfSigner {
  async sign(pdf: Uint8Array, credential: SigningCredential, meta: SignatureMeta): Promise<Uint8Array> {
    const opened = openPkcs12(credential.pfx, credential.password);
    const chainBytes = [opened.certificate, ...opened.chain].reduce((n, c) => n + certificateDer(c).length, 0);
    const signatureLength = Math.max(8192, Math.ceil((chainBytes + opened.key.n.bitLength() / 8 + 1024) * 1.25));
    const doc = await PDFDocument.load(pdf, { updateMetadata: false });
    addPlaceholder(doc, meta, signatureLength);
    const prepared = Buffer.from(await doc.save({ useObjectStreams: false }));
    const signed = await new SignPdf().sign(prepared, new CadesDetachedSigner(opened));
    return new Uint8Array(signed.buffer, signed.byteOffset, signed.byteLength);
  }
}
