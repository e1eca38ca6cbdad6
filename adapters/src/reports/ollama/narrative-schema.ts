import { z } from 'zod';

/** The JSON the text model must return (its output is untrusted input: parsed with zod). */
export const narrativeSchema = z.object({
  interpretacao_exame: z.string().min(20).max(4000),
  nexo_conclusao: z.string().max(2000).optional(),
  recomendacoes: z.array(z.string().min(3).max(600)).min(1).max(12),
  summary_text: z.string().min(10).max(1500),
  technical_justification: z.array(z.string().min(3).max(800)).min(1).max(16),
});

export const narrativeFormat = z.toJSONSchema(narrativeSchema);
