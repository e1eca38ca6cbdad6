/**
 * One-line reading of an exam's stored classification for tables (patient history, exam list):
 * the NR-7 item 5.1/5.2 class per ear, or "sem limiares" for an exam with no air-conduction value
 * (rules 2026.11-2: never compared, never the reference).
 */
const SHORT: Record<string, string> = {
  aceitavel: 'aceitável',
  sugestivo_painpse: 'sugestivo de PAINPSE',
  nao_sugestivo: 'não sugestivo de PAINPSE',
};

export function examSummary(classification: Record<string, unknown>): string {
  if (classification.exam_role === 'sem_limiares') return 'sem limiares';
  const ear = (side: 'right' | 'left') => {
    const code = classification[`classification_${side}`];
    return typeof code === 'string' ? (SHORT[code] ?? code) : 'não classificável';
  };
  const flagged = (['desencadeamento', 'agravamento'] as const).filter((k) => classification[`${k}_right`] === true || classification[`${k}_left`] === true);
  return `OD: ${ear('right')}; OE: ${ear('left')}${flagged.length ? ` — ${flagged.join(' e ')}` : ''}`;
}
