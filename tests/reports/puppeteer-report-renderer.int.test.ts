import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReportDraft, buildReportFacts, type LaudoDocument } from '../../core/src';
import { normalScenario, notchScenario } from '../../core/src/testing/report-fixtures';
import { HandlebarsReportWriter } from '../../adapters/src/reports/handlebars/handlebars-report-writer';
import { PuppeteerReportRenderer } from '../../adapters/src/reports/puppeteer/puppeteer-report-renderer';

const writer = new HandlebarsReportWriter();
function laudo(input = notchScenario()): LaudoDocument {
  const facts = buildReportFacts(input);
  return { facts, draft: buildReportDraft(facts, writer.writeSync(facts), writer.source), city: 'São Paulo', reportId: 'LA-2025-0042' };
}

function pdfText(pdf: Uint8Array): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laudo-'));
  const file = path.join(dir, 'laudo.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('/usr/bin/pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('PuppeteerReportRenderer (Debian Chromium)', () => {
  const renderer = new PuppeteerReportRenderer({ poolSize: 2, timeoutMs: 20_000 });
  afterAll(() => renderer.close());

  it('renders an A4 laudo whose text holds the patient, each ear’s class, the nexo level, the registry and page numbers', async () => {
    const doc = laudo();
    const pdf = await renderer.render(doc);
    expect(Buffer.from(pdf.subarray(0, 5)).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    const flat = text.replace(/\s+/g, ' ');
    expect(flat).toContain('João Conceição da Silva');
    expect(flat).toMatch(/OD sugestivo de PAINPSE Item 5\.2 PAIRO leve/);
    expect(flat).toMatch(/OE sugestivo de PAINPSE Item 5\.2 PAIRO moderado/);
    expect(flat).toContain('Nível sugerido: provável');
    expect(flat).toContain('CRM 123456/SP');
    expect(flat).toContain('Dra. Marta Gonçalves');
    expect(flat).toContain('NR-7, Anexo II (antiga Portaria 19/98)');
    expect(flat).toContain('Exame de referência: 10/03/2023');
    expect(flat).toContain('não substitui o julgamento clínico');
    expect(flat).toContain('Metalúrgica Aço Forte Ltda.');
    const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('/usr/bin/pdfinfo', ['-'], { input: Buffer.from(pdf), encoding: 'utf8' }))?.[1]);
    expect(pages).toBeGreaterThanOrEqual(1);
    for (let p = 1; p <= pages; p++) expect(flat).toContain(`Página ${p} de ${pages}`);
  });

  it('prints a simple laudo without a nexo section', async () => {
    const flat = pdfText(await renderer.render(laudo(normalScenario()))).replace(/\s+/g, ' ');
    expect(flat).toMatch(/OD dentro dos limites aceitáveis/);
    expect(flat).toContain('Item 5.1');
    expect(flat).not.toContain('Nível sugerido');
    expect(flat).toContain('constitui o exame de referência');
  });

  it('bounds concurrent renders by the pool and reuses its pages', async () => {
    const before = renderer.launches;
    const pdfs = await Promise.all(Array.from({ length: 6 }, () => renderer.render(laudo())));
    expect(pdfs.every((p) => p.length > 10_000)).toBe(true);
    expect(renderer.peakConcurrency).toBe(2);
    expect(renderer.launches).toBe(before);
    const browser = await renderer.currentBrowser();
    expect((await browser.pages()).length).toBeLessThanOrEqual(3); // the initial about:blank + the pool of 2
  });

  it('relaunches Chromium on the next render after it was killed', async () => {
    const browser = await renderer.currentBrowser();
    const launches = renderer.launches;
    const gone = new Promise((resolve) => browser.once('disconnected', resolve));
    browser.process()?.kill('SIGKILL');
    await gone;
    const pdf = await renderer.render(laudo());
    expect(pdfText(pdf)).toContain('João Conceição da Silva');
    expect(renderer.launches).toBe(launches + 1);
    expect(await renderer.currentBrowser()).not.toBe(browser);
  });

  it('runs Chromium and every process it starts at the niceness asked (LIMIAR_PDF_NICE), and at the server\'s own without it', async () => {
    /** The nice value of every thread of a process and of all its descendants, from /proc (field 19 of stat). */
    const niceOfTree = (pid: number): number[] => {
      const out: number[] = [];
      for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
        try {
          const stat = fs.readFileSync(`/proc/${pid}/task/${t}/stat`, 'utf8');
          out.push(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
          for (const c of fs.readFileSync(`/proc/${pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) out.push(...niceOfTree(Number(c)));
        } catch {
          // a thread or process that ended in between
        }
      }
      return out;
    };
    const niced = new PuppeteerReportRenderer({ poolSize: 1, niceness: 10 });
    try {
      expect(pdfText(await niced.render(laudo()))).toContain('João Conceição da Silva');
      const pid = (await niced.currentBrowser()).process()!.pid!;
      const tree = niceOfTree(pid);
      expect(tree.length).toBeGreaterThanOrEqual(3); // the browser, its zygote and the renderer at least
      expect(Math.min(...tree)).toBeGreaterThanOrEqual(10);
    } finally {
      await niced.close();
    }
    // Without it Chromium keeps the priorities it sets itself: some of its threads run above niceness 10.
    expect(Math.min(...niceOfTree((await renderer.currentBrowser()).process()!.pid!))).toBeLessThan(10);
  });

  it('fails a render that exceeds its timeout and keeps working afterwards', async () => {
    const slow = new PuppeteerReportRenderer({ poolSize: 1, timeoutMs: 200 });
    try {
      const html = '<html><body><script>const end = Date.now() + 1500; while (Date.now() < end);</script></body></html>';
      await expect(slow.renderHtml(html, '<span></span>')).rejects.toThrow(/não gerado em 200 ms/);
    } finally {
      await slow.close();
    }
    expect((await renderer.render(laudo())).length).toBeGreaterThan(10_000);
  });
});
