/** New unique ids (UUID v4 strings in production). */
export interface IdGenerator {
  next(): string;
}
