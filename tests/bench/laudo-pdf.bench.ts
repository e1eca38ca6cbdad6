// Laudo PDF benchmark (npm run bench laudo): first-PDF latency after start (cold Chromium launch +
// first render, target < 1.5 s), then N laudos through the warm pool of reused pages vs raw Puppeteer
// (newPage + setContent + pdf + close per PDF) on the same HTML in the same run (target ratio ≥ 0.8).
import puppeteer from 'puppeteer';
import { buildReportDraft, buildReportFacts } from '../../core/src';
import { notchScenario } from '../../core/src/testing/report-fixtures';
import { HandlebarsReportWriter } from '../../adapters/src/reports/handlebars/handlebars-report-writer';
import { laudoFooterHtml, renderLaudoHtml } from '../../adapters/src/reports/handlebars/laudo-html';
import { CHROMIUM_ARGS, pdfOptions, PuppeteerReportRenderer } from '../../adapters/src/reports/puppeteer/puppeteer-report-renderer';

const N = Number(process.env.LAUDO_BENCH_N ?? 60);
const CONCURRENCY = 2; // the pool size of stack.md §4; the raw baseline gets the same concurrency

const writer = new HandlebarsReportWriter();
const facts = buildReportFacts(notchScenario());
const doc = { facts, draft: buildReportDraft(facts, writer.writeSync(facts), writer.source), city: 'São Paulo' };
const html = renderLaudoHtml(doc);
const footer = laudoFooterHtml(doc);

async function inParallel(n: number, work: () => Promise<unknown>): Promise<number> {
  let next = 0;
  const t = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
    while (next++ < n) await work();
  }));
  return (performance.now() - t) / 1000;
}

const t0 = performance.now();
const renderer = new PuppeteerReportRenderer({ poolSize: CONCURRENCY });
const first = await renderer.render(doc);
const firstMs = performance.now() - t0;
if (Buffer.from(first.subarray(0, 5)).toString() !== '%PDF-') throw new Error('not a PDF');

await inParallel(4, () => renderer.renderHtml(html, footer)); // warm both pages
const poolS = await inParallel(N, () => renderer.renderHtml(html, footer));
await renderer.close();

const browser = await puppeteer.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
const raw = async () => {
  const page = await browser.newPage();
  await page.setContent(html, { waitUntil: 'load' });
  await page.pdf(pdfOptions(footer));
  await page.close();
};
await inParallel(4, raw);
const rawS = await inParallel(N, raw);
await browser.close();

const poolRate = N / poolS;
const rawRate = N / rawS;
const ratio = poolRate / rawRate;
console.log(`laudo PDF (${first.length} bytes, A4, ${N} PDFs, concurrency ${CONCURRENCY})`);
console.log(`  first PDF after start (launch + render): ${firstMs.toFixed(0)} ms  (target < 1500 ms)`);
console.log(`  warm pool of reused pages:               ${poolRate.toFixed(1)} PDFs/s (${((poolS * 1000) / N).toFixed(0)} ms per PDF)`);
console.log(`  raw Puppeteer (newPage/setContent/pdf):  ${rawRate.toFixed(1)} PDFs/s (${((rawS * 1000) / N).toFixed(0)} ms per PDF)`);
console.log(`  ratio pool/raw: ${ratio.toFixed(2)}  (target ≥ 0.8)`);
const ok = ratio >= 0.8 && firstMs < 1500;
console.log(ok ? '  OK' : '  BELOW TARGET');
process.exit(ok ? 0 : 1);
