/** Date shown on /privacy and /terms (spec §2: last updated 12 Oct 2025). */
export const LAST_UPDATED = '12 de outubro de 2025';
