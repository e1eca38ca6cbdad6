import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/**
 * An ICP-Brasil-like certificate chain made in the test (issue 20): a root "AC Raiz Teste Limiar", an
 * issuing CA "AC Teste Limiar" and a leaf shaped as an e-CPF A1 — subject C=BR, O=ICP-Brasil, OUs, CN
 * "NOME:CPF"; subjectAltName with the ICP-Brasil otherName 2.16.76.1.3.1 (birth date, CPF, NIS, RG) and an
 * e-mail; key usage digitalSignature + nonRepudiation. Exported as a PKCS#12 (.pfx) with a password.
 *
 * Keys are RSA 2048 made by Node's native generator (forge's pure-JS generator takes seconds each) and
 * cached per process; the CAs are made once per process too.
 */

const asn1 = forge.asn1;
const OID_ICP_PF = '2.16.76.1.3.1'; // dados da pessoa física: nascimento(8) CPF(11) NIS(11) RG(15) órgão/UF(6)
const OID_CRM = '2.16.76.1.4.2.2.1';
const OID_CRM_UF = '2.16.76.1.4.2.2.2';

export interface TestCertificateOptions {
  /** Leaf CN before the ":CPF" (default "MEDICA DE TESTE LIMIAR"). */
  name?: string;
  /** 11 digits (default 12345678909, check digits valid). */
  cpf?: string;
  /** Puts the CRM in the subjectAltName (otherNames 2.16.76.1.4.2.2.1/.2) as "número/UF", e.g. "123456/SP". */
  crm?: string;
  /** Puts "CRM-SP 123456"-like text in a subject OU instead. */
  crmOu?: string;
  notBefore?: Date;
  notAfter?: Date;
  /** PKCS#12 password (default "senha-do-a1"). */
  password?: string;
  /** Encrypt the PKCS#12 as older tools do (3DES) instead of AES-256 (default 'aes256'). */
  algorithm?: 'aes256' | '3des';
  /** Leave the private key out of the file (a certificate-only .p12, refused by the reader). */
  withoutKey?: boolean;
}

export interface TestCertificate {
  /** The PKCS#12 bytes. */
  pfx: Buffer;
  password: string;
  /** The leaf's subject CN as issued ("NOME:CPF"). */
  subjectName: string;
  issuerName: string;
  cpf: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** PEM of the root CA (to trust it in a verifier) and of the issuing CA. */
  rootPem: string;
  caPem: string;
  leafPem: string;
  /** PKCS#1 PEM of the leaf's private key (to build other PKCS#12 files, e.g. with openssl). */
  keyPem: string;
}

/** An RSA 2048 pair from Node's native generator (tens of ms; forge's own takes seconds). */
function freshKeyPair(): forge.pki.rsa.KeyPair {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
  const priv = forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey;
  return { privateKey: priv, publicKey: forge.pki.setRsaPublicKey(priv.n, priv.e) };
}

const leafKeys: forge.pki.rsa.KeyPair[] = [];
let nextLeafKey = 0;
/** Leaf keys, reused round-robin after 3 (the CAs have their own). */
function leafKeyPair(): forge.pki.rsa.KeyPair {
  if (leafKeys.length < 3) leafKeys.push(freshKeyPair());
  return leafKeys[nextLeafKey++ % leafKeys.length];
}

let serial = Date.now() % 1_000_000_000;
// 8 bytes, first nibble 1: positive, no leading zero byte (DER)
const nextSerial = () => `1${(++serial).toString(16).padStart(15, '0')}`;

const years = (from: Date, n: number) => new Date(Date.UTC(from.getUTCFullYear() + n, from.getUTCMonth(), from.getUTCDate()));

interface Ca {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
}

function makeCa(commonName: string, issuer: Ca | null): Ca {
  const keys = freshKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = nextSerial();
  const now = new Date();
  cert.validity.notBefore = years(now, -5);
  cert.validity.notAfter = years(now, 10);
  const subject = [{ shortName: 'C', value: 'BR' }, { shortName: 'O', value: 'ICP-Brasil' }, { shortName: 'OU', value: 'Limiar - ambiente de teste' }, { shortName: 'CN', value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(issuer?.key ?? keys.privateKey, forge.md.sha256.create());
  return { cert, key: keys.privateKey };
}

let cas: { root: Ca; issuing: Ca } | null = null;
function testCas() {
  if (!cas) {
    const root = makeCa('AC Raiz Teste Limiar', null);
    cas = { root, issuing: makeCa('AC Teste Limiar', root) };
  }
  return cas;
}

const otherName = (oid: string, value: string) =>
  asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [
    asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OID, false, asn1.oidToDer(oid).getBytes()),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, [asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, value)]),
  ]);

/** A leaf e-CPF-like A1 certificate issued by "AC Teste Limiar", as a .pfx. */
export function makeTestCertificate(options: TestCertificateOptions = {}): TestCertificate {
  const { root, issuing } = testCas();
  const name = options.name ?? 'MEDICA DE TESTE LIMIAR';
  const cpf = options.cpf ?? '12345678909';
  const password = options.password ?? 'senha-do-a1';
  const now = new Date();
  const notBefore = options.notBefore ?? new Date(now.getTime() - 24 * 3600_000);
  const notAfter = options.notAfter ?? new Date(Math.max(notBefore.getTime(), now.getTime()) + 365 * 24 * 3600_000);
  const keys = leafKeyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = keys.publicKey;
  cert.serialNumber = nextSerial();
  // X.509 times hold whole seconds
  cert.validity.notBefore = new Date(Math.floor(notBefore.getTime() / 1000) * 1000);
  cert.validity.notAfter = new Date(Math.floor(notAfter.getTime() / 1000) * 1000);
  const subjectName = `${name}:${cpf}`;
  const utf8 = asn1.Type.UTF8; // ICP-Brasil names are UTF8String (accents survive)
  cert.setSubject([
    { shortName: 'C', value: 'BR' }, { shortName: 'O', value: 'ICP-Brasil', valueTagClass: utf8 }, { shortName: 'OU', value: 'AC Teste Limiar', valueTagClass: utf8 },
    { shortName: 'OU', value: 'RFB e-CPF A1', valueTagClass: utf8 }, ...(options.crmOu ? [{ shortName: 'OU', value: options.crmOu, valueTagClass: utf8 }] : []),
    { shortName: 'CN', value: subjectName, valueTagClass: utf8 },
  ] as forge.pki.CertificateField[]);
  cert.setIssuer(issuing.cert.subject.attributes);
  const alt = [
    otherName(OID_ICP_PF, `01011980${cpf}${'0'.repeat(11)}${'0'.repeat(15)}${'SSPSP'.padEnd(6, ' ')}`),
    ...(options.crm ? [otherName(OID_CRM, options.crm.split('/')[0]), otherName(OID_CRM_UF, options.crm.split('/')[1] ?? '')] : []),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, 1, false, 'medica.teste@limiar.test'),
  ];
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', clientAuth: true, emailProtection: true },
    { id: '2.5.29.17', value: asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, alt) },
    { name: 'authorityKeyIdentifier', keyIdentifier: issuing.cert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(issuing.key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(options.withoutKey ? null : keys.privateKey, [cert, issuing.cert, root.cert], password, {
    algorithm: options.algorithm ?? 'aes256', friendlyName: name, generateLocalKeyId: true,
  });
  return {
    pfx: Buffer.from(asn1.toDer(p12).getBytes(), 'binary'), password, subjectName, issuerName: 'AC Teste Limiar', cpf,
    serialNumber: cert.serialNumber.toLowerCase(), notBefore: cert.validity.notBefore, notAfter: cert.validity.notAfter,
    rootPem: forge.pki.certificateToPem(root.cert), caPem: forge.pki.certificateToPem(issuing.cert), leafPem: forge.pki.certificateToPem(cert),
    keyPem: forge.pki.privateKeyToPem(keys.privateKey),
  };
}

/** A certificate that expired `daysAgo` days ago (valid for a year before that). */
export function makeExpiredTestCertificate(daysAgo = 10, options: TestCertificateOptions = {}): TestCertificate {
  const notAfter = new Date(Date.now() - daysAgo * 24 * 3600_000);
  return makeTestCertificate({ ...options, notBefore: new Date(notAfter.getTime() - 365 * 24 * 3600_000), notAfter });
}
