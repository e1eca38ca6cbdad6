import forge from 'node-forge';

const asn1 = forge.asn1;

/** What a PKCS#12 holds for signing: the private key, its certificate, and the other certificates (the chain). */
export interface OpenedPkcs12 {
  key: forge.pki.rsa.PrivateKey;
  certificate: forge.pki.Certificate;
  /** The other certificates of the file, issuer order when it can be found (issuing CA first, root last). */
  chain: forge.pki.Certificate[];
}

export type Pkcs12Failure = 'invalid-file' | 'invalid-password';

export class Pkcs12Error extends Error {
  constructor(readonly reason: Pkcs12Failure, detail: string) {
    super(`${reason}: ${detail}`);
  }
}

const PASSWORD_HINTS = /password|MAC could not be verified|decrypt/i;

const sameKey = (cert: forge.pki.Certificate, key: forge.pki.rsa.PrivateKey) => {
  const pub = cert.publicKey as forge.pki.rsa.PublicKey;
  return pub?.n !== undefined && pub.n.equals(key.n) && pub.e.equals(key.e);
};

/** Orders the chain from the signer's issuer upwards; certificates that fit nowhere follow in file order. */
function orderChain(leaf: forge.pki.Certificate, others: forge.pki.Certificate[]): forge.pki.Certificate[] {
  const left = [...others];
  const ordered: forge.pki.Certificate[] = [];
  let current = leaf;
  for (;;) {
    const i = left.findIndex((c) => current.isIssuer(c) && c !== current);
    if (i < 0) break;
    current = left.splice(i, 1)[0];
    ordered.push(current);
    if (current.isIssuer(current)) break; // a self-signed root ends the chain
  }
  return [...ordered, ...left];
}

/**
 * Opens an A1 file with node-forge (PKCS#12: PBES2/AES and the legacy 3DES/RC2 encryptions, SHA-1/SHA-256
 * MACs). Throws Pkcs12Error: 'invalid-password' when the MAC or the key decryption fails, 'invalid-file'
 * when it is not a PKCS#12, has no (RSA) private key, or no certificate of that key.
 */
export function openPkcs12(pfx: Uint8Array, password: string): OpenedPkcs12 {
  let p12: forge.pkcs12.Pkcs12Pfx;
  const read = () => asn1.fromDer(forge.util.createBuffer(Buffer.from(pfx.buffer, pfx.byteOffset, pfx.byteLength).toString('binary')), false);
  try {
    try {
      p12 = forge.pkcs12.pkcs12FromAsn1(read(), false, password);
    } catch (first) {
      // PKCS#12 MACs and legacy PBEs take the password as BMPString (forge does), but PBES2 (OpenSSL 3's default,
      // AES) takes its UTF-8 bytes, which forge does not encode: with a non-ASCII password whose MAC already
      // verified, decrypt again with the UTF-8 bytes, without the MAC (checked by the first attempt).
      const message = (first as Error).message ?? '';
      if (!/[^\x00-\x7f]/.test(password) || /MAC/.test(message) || !/decrypt/i.test(message)) throw first;
      const parsed = read();
      if (Array.isArray(parsed.value)) parsed.value = parsed.value.slice(0, 2);
      p12 = forge.pkcs12.pkcs12FromAsn1(parsed, false, forge.util.encodeUtf8(password));
    }
  } catch (error) {
    const message = (error as Error).message ?? String(error);
    throw new Pkcs12Error(PASSWORD_HINTS.test(message) ? 'invalid-password' : 'invalid-file', message);
  }
  const keyBags = [
    ...(p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? []),
    ...(p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag] ?? []),
  ];
  const certificates = (p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [])
    .map((b) => b.cert).filter((c): c is forge.pki.Certificate => !!c);
  const key = keyBags.map((b) => b.key as forge.pki.rsa.PrivateKey | undefined).find((k) => k && k.n !== undefined);
  if (!key) throw new Pkcs12Error('invalid-file', 'no RSA private key in the file');
  const certificate = certificates.find((c) => sameKey(c, key));
  if (!certificate) throw new Pkcs12Error('invalid-file', 'no certificate of the private key in the file');
  return { key, certificate, chain: orderChain(certificate, certificates.filter((c) => c !== certificate)) };
}

/** A certificate as DER bytes (binary string, forge's byte representation). */
export const certificateDer = (c: forge.pki.Certificate): string => asn1.toDer(forge.pki.certificateToAsn1(c)).getBytes();
