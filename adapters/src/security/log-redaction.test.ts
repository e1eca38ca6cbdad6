import { describe, expect, it } from 'vitest';
import { redactError, redactText } from './log-redaction';

describe('redactText', () => {
  it('hides every literal of quoted SQL, hashes, tokens, CPF, CNPJ and e-mail addresses', () => {
    const line = `insert into "professional" ("name", "password_hash") values ('Ana Souza', '$argon2id$v=19$m=19456,t=2,p=1$abc$def') - invalid byte sequence`;
    expect(redactText(line)).toBe(`insert into "professional" ("name", "password_hash") values ('?', '?') - invalid byte sequence`);
    expect(redactText('hash $argon2id$v=19$m=1$x$y and Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln')).toBe('hash [hash] and Bearer [token]');
    expect(redactText('cpf 529.982.247-25 / 52998224725, cnpj 11.222.333/0001-81, a.b@x.com.br')).toBe('cpf [cpf] / [documento], cnpj [cnpj], [e-mail]');
    expect(redactText('Key (email)=(ana@x.test) already exists.')).toBe('Key (email)=(?) already exists.');
  });

  it('keeps what helps to debug: plain messages, ids, timings', () => {
    const id = '3f2b8c1e-1234-4a5b-8c9d-123456789012';
    expect(redactText(`exam ${id} took 12345678901234567 ms`)).toBe(`exam ${id} took 12345678901234567 ms`);
    expect(redactText("Cannot read properties of undefined (reading 'x')")).toBe("Cannot read properties of undefined (reading 'x')");
  });
});

describe('redactError', () => {
  it('keeps type, codes and the cause, drops fields a driver fills with row data', () => {
    const cause = Object.assign(new Error("select 'João' - boom"), { code: '22P02', detail: 'Failing row contains (João, 52998224725).', parameters: ['João'] });
    const error = redactError(new Error('wrapped', { cause }));
    expect(error).toMatchObject({ type: 'Error', message: 'wrapped', cause: { message: "select '?' - boom", code: '22P02' } });
    expect(JSON.stringify(error)).not.toMatch(/João|52998224725/);
  });
});
