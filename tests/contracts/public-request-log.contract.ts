import { expect, it } from 'vitest';
import type { PublicRequestLog } from '../../core/src';
import { at, nextId } from '../support/builders';

/** What every PublicRequestLog must do (in memory and PostgreSQL alike): the counts behind the public forms' limits. */
export function publicRequestLogContract(make: () => Promise<PublicRequestLog>) {
  const contact = (ip: string | null, seconds: number) => ({
    id: nextId(), name: 'Ana', email: 'ana@x.com', subject: 'Dúvida', message: 'Como exporto os exames?', ip, createdAt: at(seconds),
  });
  const deletion = (ip: string | null, seconds: number) => ({ id: nextId(), email: 'ana@x.com', status: 'recebido' as const, ip, createdAt: at(seconds), tokenHash: null });

  it('counts the messages of one address from a time on (inclusive), one kind at a time', async () => {
    const log = await make();
    for (const [ip, s] of [['10.0.0.1', 0], ['10.0.0.1', 10], ['10.0.0.1', 20], ['10.0.0.2', 20]] as const) await log.saveContact(contact(ip, s));
    await log.saveContact(contact(null, 20));
    await log.saveDataDeletionRequest(deletion('10.0.0.1', 20));
    expect(await log.countSince('contact', '10.0.0.1', at(10))).toBe(2);
    expect(await log.countSince('contact', '10.0.0.1', at(0))).toBe(3);
    expect(await log.countSince('contact', '10.0.0.1', at(21))).toBe(0);
    expect(await log.countSince('contact', '10.0.0.2', at(0))).toBe(1);
    expect(await log.countSince('data-deletion', '10.0.0.1', at(0))).toBe(1);
    expect(await log.countSince('data-deletion', '10.0.0.2', at(0))).toBe(0);
  });

  it('refuses a second message or request with the same id', async () => {
    const log = await make();
    const m = contact('10.0.0.1', 0);
    await log.saveContact(m);
    await expect(log.saveContact(m)).rejects.toThrow();
    const d = deletion('10.0.0.1', 0);
    await log.saveDataDeletionRequest(d);
    await expect(log.saveDataDeletionRequest(d)).rejects.toThrow();
    expect(await log.countSince('contact', '10.0.0.1', at(0))).toBe(1);
  });
}
