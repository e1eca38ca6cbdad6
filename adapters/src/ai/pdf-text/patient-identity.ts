import type { StatedIdentity } from '../../../../core/src';
import type { TextRow } from './text-rows';

/** "Paciente:", "Nome:", "Nome do paciente", "Patient name:" … with the value after it or in the next cell. */
const NAME_LABEL = /^(?:nome\s+do\s+paciente|nome\s+da\s+paciente|nome\s+completo|paciente|nome|patient\s+name|patient|name)\s*(?::|-|–|$)\s*(.*)$/i;
/** Where a name printed on the same line as other fields ends. */
const NEXT_FIELD = /\s+(?:CPF|RG|Data|Dt\.?|Idade|Sexo|Nasc|DN|Empresa|Cargo|Fun[cç][aã]o|Matr[ií]cula|Sex|Age|DOB|Date|Birth)\b.*$/i;
const CPF = /\bCPF\s*(?:n[ºo°.]*\s*)?[:.]?\s*(\d{3}\.?\s?\d{3}\.?\s?\d{3}\s?[-.]?\s?\d{2})\b/i;
const BIRTH =
  /(?:data\s+de\s+nasc(?:imento|\.)?|dt\.?\s*(?:de\s+)?nasc(?:imento|\.)?|nascimento|nasc\.|date\s+of\s+birth|birth\s*date|DOB|D\.?N\.?(?=\s*:))\s*[:.]?\s*(\d{1,2}[/.-]\d{1,2}[/.-]\d{4}|\d{4}-\d{2}-\d{2})/i;

function isoDate(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const br = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1], iso[2], iso[3]] : br ? [br[3], br[2], br[1]] : [];
  if (!y) return undefined;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  if (date.getUTCMonth() !== Number(m) - 1 || date.getUTCDate() !== Number(d)) return undefined;
  return date.toISOString().slice(0, 10);
}

function nameIn(cells: readonly string[], i: number): string | undefined {
  const label = NAME_LABEL.exec(cells[i]);
  if (!label) return undefined;
  // A bare label without a colon ("Nome do paciente") takes the next cell; so does "Paciente:" alone.
  const raw = (label[1] || cells[i + 1] || '').replace(NEXT_FIELD, '').trim();
  if (!raw || /\d/.test(raw) || raw.length > 100 || !/\p{L}{2}/u.test(raw)) return undefined;
  return raw;
}

/**
 * The patient a text-layer page names (name, CPF, birth date), looked for in the rows above and
 * around the threshold tables; the first value of each field wins. Undefined when none is stated.
 */
export function statedIdentity(rows: readonly TextRow[]): StatedIdentity | undefined {
  let name: string | undefined;
  let cpf: string | undefined;
  let birthDate: string | undefined;
  for (const row of rows) {
    const cells = row.cells.map((c) => c.text.trim());
    for (let i = 0; i < cells.length && !name; i++) name = nameIn(cells, i);
    const line = cells.join('  ');
    cpf ??= CPF.exec(line)?.[1].replace(/\D/g, '');
    const birth = BIRTH.exec(line)?.[1];
    if (birth) birthDate ??= isoDate(birth);
  }
  if (!name && !cpf && !birthDate) return undefined;
  return { ...(name ? { name } : {}), ...(cpf ? { cpf } : {}), ...(birthDate ? { birthDate } : {}) };
}
