/** Sex stored canonically (product.md): M, F or O; accepted as M/F/O or the spec's words. */
export type Sex = 'M' | 'F' | 'O';

export const SEX_LABELS: Record<Sex, string> = { M: 'Masculino', F: 'Feminino', O: 'Outro' };

export function parseSex(raw: string | null | undefined): Sex | undefined {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === 'm' || v === 'masculino' || v === 'masc') return 'M';
  if (v === 'f' || v === 'feminino' || v === 'fem') return 'F';
  if (v === 'o' || v === 'outro' || v === 'outros') return 'O';
  return undefined;
}
