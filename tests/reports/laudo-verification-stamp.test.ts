import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { buildReportDraft, buildReportFacts } from '../../core/src';
import { notchScenario } from '../../core/src/testing/report-fixtures';
import { renderLaudoHtml } from '../../adapters/src/reports/handlebars/laudo-html';
import { verificationExtras } from '../../adapters/src/reports/puppeteer/puppeteer-report-renderer';

/**
 * Issue 20: the finalised laudo prints its verification address and a QR code of it beside the
 * signature stamp (the PDF's QR is vector paths, which pdftotext cannot read: checked here on the HTML
 * the renderer prints).
 */
const facts = buildReportFacts(notchScenario());
const draft = buildReportDraft(facts, { interpretacao_exame: 'Texto.', recomendacoes: ['Recomendação.'], summary_text: 'Resumo.', technical_justification: [], recommendations: [] } as never, 'template');
const signedAt = '2026-11-25T14:03:00.000Z';

describe('the verification stamp of a finalised laudo', () => {
  it('addresses /verificar/{code} under the public URL, and the QR encodes exactly that address', async () => {
    const extras = await verificationExtras('7K3MQX2P9D4T', 'https://laudos.clinica.com.br');
    expect(extras.verificationUrl).toBe('https://laudos.clinica.com.br/verificar/7K3M-QX2P-9D4T');
    const size = QRCode.create(extras.verificationUrl, { errorCorrectionLevel: 'M' }).modules.size;
    expect(extras.verificationQrSvg).toContain(`viewBox="0 0 ${size} ${size}"`);
    expect(extras.verificationQrSvg).toBe(await QRCode.toString(extras.verificationUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 }));
    expect(extras.verificationQrSvg).not.toBe(await QRCode.toString('https://laudos.clinica.com.br/verificar/7K3M-QX2P-9D4X', { type: 'svg', errorCorrectionLevel: 'M', margin: 0 }));
  });

  it('is printed in the HTML of a finalised version (QR beside the code and the address), never on a draft', async () => {
    const extras = await verificationExtras('7K3MQX2P9D4T', 'https://laudos.clinica.com.br');
    const html = renderLaudoHtml({ facts, draft, status: 'Finalizado', verificationCode: '7K3MQX2P9D4T', signature: { kind: 'simples', signedAt } }, extras);
    const qr = /<div class="qr"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(qr.trim()).toBe(extras.verificationQrSvg.trim());
    expect(html).toContain('Código de verificação: <span class="code">7K3M-QX2P-9D4T</span>');
    expect(html).toContain('Verifique a autenticidade em https://laudos.clinica.com.br/verificar/7K3M-QX2P-9D4T');
    const preview = renderLaudoHtml({ facts, draft, status: 'Draft' });
    expect(preview).not.toContain('class="qr"');
    expect(preview).not.toContain('Código de verificação');
  });
});
