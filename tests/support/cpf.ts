/** A valid CPF (11 digits) from 9 base digits, its two check digits computed — test data generator. */
export function cpfFrom(base: number): string {
  const d = String(base).padStart(9, '0').split('').map(Number);
  for (const len of [9, 10]) {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += d[i] * (len + 1 - i);
    const r = (sum * 10) % 11;
    d.push(r === 10 ? 0 : r);
  }
  return d.join('');
}
