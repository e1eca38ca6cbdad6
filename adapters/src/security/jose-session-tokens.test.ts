import { describe, expect, it } from 'vitest';
import { JoseSessionTokens } from './jose-session-tokens';

describe('JoseSessionTokens', () => {
  const secret = 'x'.repeat(48);
  const claims = { sessionId: 's-1', userId: 'u-1' };

  it('verifies its own tokens, again from memory, and refuses tampered ones and other secrets', async () => {
    const tokens = new JoseSessionTokens(secret);
    const token = await tokens.sign(claims, new Date(Date.now() + 60_000));
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims); // remembered
    const [h, p, sig] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sid: 's-2' })).toString('base64url')}.${sig}`;
    expect(await tokens.verify(forged)).toBeUndefined();
    expect(await tokens.verify(`${h}.${p}.${sig.slice(0, -2)}xx`)).toBeUndefined();
    expect(await new JoseSessionTokens('y'.repeat(48)).verify(token)).toBeUndefined();
    expect(await tokens.verify('não é um token')).toBeUndefined();
  });

  it('refuses an expired token, also one it had remembered', async () => {
    let now = Date.now();
    const tokens = new JoseSessionTokens(secret, () => now);
    const token = await tokens.sign(claims, new Date(now + 10_000));
    expect(await tokens.verify(token)).toEqual(claims);
    now += 11_000;
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await new JoseSessionTokens(secret, () => now).verify(token)).toBeUndefined();
  });

  it('keeps verifying correctly past the size of its memory', async () => {
    const tokens = new JoseSessionTokens(secret);
    const expires = new Date(Date.now() + 60_000);
    const many = await Promise.all(Array.from({ length: 4200 }, (_, i) => tokens.sign({ sessionId: `s-${i}`, userId: 'u' }, expires)));
    for (const [i, t] of many.entries()) expect((await tokens.verify(t))?.sessionId).toBe(`s-${i}`);
    expect((await tokens.verify(many[0]))?.sessionId).toBe('s-0'); // dropped from memory, verified again
  });
});
