import type { AnnualReportData, AnnualReportRenderer } from '../../../../core/src';
import { annualReportFooterHtml, renderAnnualReportHtml } from '../handlebars/annual-report-html';
import type { PuppeteerReportRenderer } from './puppeteer-report-renderer';

/** The analytical report's PDF on the laudos' Chromium (same pool, same A4 page setup and footer). */
export class PuppeteerAnnualReportRenderer implements AnnualReportRenderer {
  constructor(private readonly chromium: Pick<PuppeteerReportRenderer, 'renderHtml'>) {}

  renderAnnualReport(report: AnnualReportData): Promise<Uint8Array> {
    // untagged: the lists of a large company run to many pages of table cells (docs/testing.md, "Annual report")
    return this.chromium.renderHtml(renderAnnualReportHtml(report), annualReportFooterHtml(report), { tagged: false });
  }
}
