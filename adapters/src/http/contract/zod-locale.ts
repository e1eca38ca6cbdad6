import { z } from 'zod';

/**
 * Every zod message at our edges in pt-BR (HTTP bodies, env, CSV rows, model output, web forms):
 * a schema without a custom message still answers "Entrada inválida: esperava um texto, …".
 */
z.config(z.locales.ptBR());
