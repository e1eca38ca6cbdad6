import fs from 'node:fs';
import os from 'node:os';
import type { Browser, Page } from 'puppeteer';
import QRCode from 'qrcode';
import { formatVerificationCode, type LaudoDocument, type ReportRenderer } from '../../../../core/src';
import { laudoFooterHtml, renderLaudoHtml } from '../handlebars/laudo-html';

/** Chromium flags of stack.md §4 (container-friendly, no background traffic). */
export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-setuid-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-quic', '--no-first-run', '--no-default-browser-check', '--disable-extensions',
  '--mute-audio', '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider',
  '--font-render-hinting=none',
];

export interface PuppeteerReportRendererOptions {
  /** Chromium binary (default Debian's /usr/bin/chromium; Puppeteer's download is skipped). */
  readonly executablePath?: string;
  /** Pages kept open and reused; also the bound on concurrent renders (default 2, stack.md §4). */
  readonly poolSize?: number;
  /** Limit of one render (setContent + pdf), ms (default 20 000). */
  readonly timeoutMs?: number;
  /**
   * The address the public reaches the app at (LIMIAR_PUBLIC_URL): a finalised laudo prints
   * `{publicUrl}/verificar/{code}` and its QR code (issue 20). Default: the verification path alone.
   */
  readonly publicUrl?: string;
  /**
   * CPU niceness Chromium runs at (0–19; default 0: the same as this process). The server passes
   * LIMIAR_PDF_NICE (default 10, ADR 0030): a render then yields the cores to interactive requests.
   * Linux only (/proc); elsewhere nothing changes.
   */
  readonly niceness?: number;
}

/** The verification address of a finalised version and its QR code (SVG), as the laudo prints them (issue 20). */
export async function verificationExtras(code: string, publicUrl = ''): Promise<{ verificationUrl: string; verificationQrSvg: string }> {
  const verificationUrl = `${publicUrl}/verificar/${formatVerificationCode(code)}`;
  return { verificationUrl, verificationQrSvg: await QRCode.toString(verificationUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 0 }) };
}

/** The A4 page setup of every laudo: margins leave room for the footer with "Página X de Y". */
export function pdfOptions(footerTemplate: string) {
  return {
    format: 'A4' as const,
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate,
    margin: { top: '12mm', bottom: '16mm', left: '12mm', right: '12mm' },
  };
}

/**
 * Renders laudos to PDF with one Chromium (launched on the first render) and a bounded pool of
 * pages reused with setContent. If Chromium dies (`disconnected`), the next render relaunches it.
 * A render that fails or times out closes its page, so a broken page is never reused.
 */
export class PuppeteerReportRenderer implements ReportRenderer {
  private browser: Promise<Browser> | null = null;
  private idle: Page[] = [];
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;
  /** Highest number of renders seen running at once (tests check the bound). */
  peakConcurrency = 0;
  /** Number of Chromium launches so far. */
  launches = 0;
  private readonly poolSize: number;
  private readonly timeoutMs: number;
  private readonly niceness: number;

  constructor(private readonly options: PuppeteerReportRendererOptions = {}) {
    this.poolSize = Math.max(1, options.poolSize ?? 2);
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.niceness = Math.min(19, Math.max(0, Math.round(options.niceness ?? 0)));
  }

  async render(document: LaudoDocument): Promise<Uint8Array> {
    const extras = document.verificationCode ? await verificationExtras(document.verificationCode, this.options.publicUrl) : {};
    return this.renderHtml(renderLaudoHtml(document, extras), laudoFooterHtml(document));
  }

  /**
   * Renders any self-contained HTML with the laudo page setup (used by render, the analytical report and
   * the benchmark). `tagged: false` skips the accessibility tree: a long tabular report renders about
   * 2.5× faster and 30× smaller (docs/testing.md, "Annual report").
   */
  async renderHtml(html: string, footerTemplate: string, options: { tagged?: boolean } = {}): Promise<Uint8Array> {
    if (this.closed) throw new Error('PuppeteerReportRenderer is closed');
    await this.acquireSlot();
    let page: Page | undefined;
    let healthy = false;
    try {
      page = await this.takePage();
      if (this.niceness > 0) await this.keepNiced();
      const work = (async (p: Page) => {
        await p.setContent(html, { waitUntil: 'load' });
        return p.pdf({ ...pdfOptions(footerTemplate), ...(options.tagged === false ? { tagged: false } : {}) });
      })(page);
      const pdf = await withTimeout(work, this.timeoutMs, `Laudo PDF não gerado em ${this.timeoutMs} ms`);
      healthy = true;
      return pdf;
    } finally {
      // (threads Chromium started during the render, too)
      if (this.niceness > 0) await this.keepNiced();
      if (page) await this.returnPage(page, healthy);
      this.releaseSlot();
    }
  }

  /** The running Chromium (launched if needed); exposed for tests that kill it. */
  async currentBrowser(): Promise<Browser> {
    if (!this.browser) {
      this.launches++;
      // Puppeteer is loaded with the first launch, not with the server (start-up, issue 16)
      const launching = import('puppeteer').then(({ default: puppeteer }) => puppeteer.launch({
        executablePath: this.options.executablePath ?? '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS,
        // the server owns shutdown: Puppeteer's own handlers would exit the process on Ctrl-C before
        // the database (and the embedded PostgreSQL) is closed cleanly; close() ends Chromium instead
        handleSIGINT: false, handleSIGTERM: false, handleSIGHUP: false,
        // over a pipe, Chromium ends by itself if this process is killed (kill -9): no orphan browsers
        pipe: true,
      }));
      this.browser = launching;
      launching.then(
        (b) => {
          const pid = b.process()?.pid;
          if (this.niceness > 0 && pid) reniceTree(pid, this.niceness);
          b.on('disconnected', () => {
            if (this.browser === launching) this.forgetBrowser();
          });
        },
        () => {
          if (this.browser === launching) this.forgetBrowser();
        },
      );
    }
    return this.browser;
  }

  /**
   * Every thread of Chromium's process tree that runs at a higher priority than `niceness` is set to it,
   * before and after each render: the browser and its zygote the first time (the renderers it forks
   * inherit the value), and what Chromium raised itself since (it puts a foreground renderer at 0 and
   * some threads at −8 where it may: when it runs as root).
   */
  private async keepNiced(): Promise<void> {
    const browser = this.browser ? await this.browser.catch(() => null) : null;
    const pid = browser?.process()?.pid;
    if (pid) reniceTree(pid, this.niceness);
  }

  async close(): Promise<void> {
    this.closed = true;
    const b = this.browser;
    this.forgetBrowser();
    if (b) await (await b.catch(() => null))?.close().catch(() => undefined);
  }

  private forgetBrowser(): void {
    this.browser = null;
    this.idle = [];
  }

  private async takePage(): Promise<Page> {
    const browser = await this.currentBrowser();
    while (this.idle.length) {
      const page = this.idle.pop() as Page;
      if (!page.isClosed() && page.browser() === browser && browser.connected) return page;
    }
    return browser.newPage();
  }

  private async returnPage(page: Page, healthy: boolean): Promise<void> {
    const browser = this.browser ? await this.browser.catch(() => null) : null;
    if (healthy && !this.closed && browser && page.browser() === browser && !page.isClosed() && this.idle.length < this.poolSize) {
      this.idle.push(page);
      return;
    }
    await page.close().catch(() => undefined);
  }

  private async acquireSlot(): Promise<void> {
    while (this.active >= this.poolSize) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    this.peakConcurrency = Math.max(this.peakConcurrency, this.active);
  }

  private releaseSlot(): void {
    this.active--;
    this.waiting.shift()?.();
  }
}

async function withTimeout<T>(work: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    work.catch(() => undefined);
  }
}

/** Lowers every thread of a process tree that runs at a higher priority than `niceness` to it (Linux /proc; best effort). */
export function reniceTree(rootPid: number, niceness: number): void {
  const seen = new Set<number>();
  const visit = (pid: number) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    let tasks: string[];
    try {
      tasks = fs.readdirSync(`/proc/${pid}/task`);
    } catch {
      return; // the process ended, or no /proc
    }
    for (const task of tasks) {
      const tid = Number(task);
      try {
        if (os.getPriority(tid) < niceness) os.setPriority(tid, niceness);
        for (const child of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/)) if (child) visit(Number(child));
      } catch {
        // the thread ended in between
      }
    }
  };
  visit(rootPid);
}
