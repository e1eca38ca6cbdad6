import './zod-locale';
import { z } from 'zod';

/** Body of every error answer (product decision 4): the pt-BR text twice, plus a stable code. */
export const errorBody = z.object({
  error: z.string().describe('Mensagem em pt-BR'),
  message: z.string().describe('A mesma mensagem'),
  code: z.string().describe('Código estável, ex. REQUEST.INVALID'),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
