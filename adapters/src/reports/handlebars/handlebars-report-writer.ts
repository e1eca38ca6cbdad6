import fs from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import type { Narrative, ReportFacts, ReportWriter } from '../../../../core/src';
import { narrativeView } from './narrative-view';

const dir = path.join(import.meta.dirname, 'templates');
/** Narrative templates are plain text (the laudo HTML escapes them when printing), so no HTML escaping here. */
const compile = (name: string) => Handlebars.compile(fs.readFileSync(path.join(dir, `${name}.hbs`), 'utf8'), { noEscape: true, strict: true });

const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);
const paragraph = (text: string) => lines(text).join('\n');

/**
 * Writes the laudo narrative from pt-BR Handlebars templates (templates/*.hbs). Deterministic and
 * always available: the fallback of WriteNarrative. Every class, level and number comes from the facts.
 */
export class HandlebarsReportWriter implements ReportWriter {
  readonly source = 'template';
  private readonly templates = {
    interpretacao: compile('interpretacao-exame'),
    nexo: compile('nexo-conclusao'),
    summary: compile('summary'),
    justification: compile('technical-justification'),
  };

  async write(facts: ReportFacts): Promise<Narrative> {
    return this.writeSync(facts);
  }

  /** Same as write(), synchronously (benchmarks and tests). */
  writeSync(facts: ReportFacts): Narrative {
    const view = narrativeView(facts);
    return {
      interpretacao_exame: paragraph(this.templates.interpretacao(view)),
      ...(view.isNexoType ? { nexo_conclusao: paragraph(this.templates.nexo(view)) } : {}),
      recomendacoes: view.recommendations,
      summary_text: paragraph(this.templates.summary(view)),
      technical_justification: lines(this.templates.justification(view)),
      recommendations: view.recommendations,
    };
  }
}
