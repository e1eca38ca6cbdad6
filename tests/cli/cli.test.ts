import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..', '..');
const limiar = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'cli/src/main.ts'), ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, DATABASE_URL: '' } });

/** Each test starts the CLI as a Node process (~1 s idle, several on a loaded CI machine). */
describe('limiar CLI', { timeout: 30_000 }, () => {
  it('prints its help in pt-BR and lists serve and migrate', () => {
    const r = limiar('--help');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('Uso: limiar [opções] [comando]');
    expect(r.stdout).toMatch(/Comandos:[\s\S]*serve[\s\S]*migrate/);
    expect(r.stdout).not.toMatch(/\b(Usage|Options|Commands):/);
  });

  it('answers an unknown command with a pt-BR error and exit code 2', () => {
    const r = limiar('nao-existe');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("erro: comando desconhecido 'nao-existe'");
  });

  it('refuses a bad configuration with exit code 2 and says which variable', () => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'cli/src/main.ts'), 'migrate'], {
      cwd: root, encoding: 'utf8', env: { ...process.env, PORT: 'porta' },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('Configuração inválida');
    expect(r.stderr).toContain('PORT');
  });
});
