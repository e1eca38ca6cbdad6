import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { formatDateBr, type LaudoDocument } from '../../../../core/src';
import { laudoView } from './laudo-view';

const hbs = Handlebars.create();
hbs.registerHelper('eq', (a: unknown, b: unknown) => a === b);
hbs.registerHelper('gt', (a: unknown, b: unknown) => Number(a) > Number(b));
const template = hbs.compile(fs.readFileSync(path.join(import.meta.dirname, 'templates', 'laudo.hbs'), 'utf8'), { strict: false });
const footer = hbs.compile(
  '<div style="width:100%;font-size:7pt;color:#555;padding:0 12mm;display:flex;justify-content:space-between;font-family:Helvetica,Arial,sans-serif">' +
    '<span>{{patient}} · exame de {{date}}</span><span>Página <span class="pageNumber"></span> de <span class="totalPages"></span></span></div>',
);

/** What the renderer adds to a finalised version: the verification address and its QR code (issue 20). */
export interface LaudoIssueExtras {
  /** `https://…/verificar/{code}`, printed as text. */
  readonly verificationUrl?: string | null;
  /** The QR code of `verificationUrl`, an SVG made by the `qrcode` package from that URL (inserted unescaped). */
  readonly verificationQrSvg?: string | null;
}

/** The laudo as one self-contained A4 HTML page (inline CSS, inline SVG); every `{{…}}` is HTML-escaped. */
export function renderLaudoHtml(doc: LaudoDocument, extras: LaudoIssueExtras = {}): string {
  return template({ ...laudoView(doc), verificationUrl: extras.verificationUrl ?? null, verificationQrSvg: extras.verificationQrSvg ?? null });
}

/** Puppeteer footerTemplate: patient, exam date and "Página X de Y" (escaped). */
export function laudoFooterHtml(doc: LaudoDocument): string {
  return footer({ patient: doc.facts.patient.name, date: formatDateBr(doc.facts.exam.date) });
}
