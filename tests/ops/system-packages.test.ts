import { describe, expect, it } from 'vitest';
import { ensureSystemPackages, planSystemPackages, START_SYSTEM_PACKAGES } from '../../scripts/lib/prepare.mjs';

/**
 * Issue 15, defect 15: `npm start` on a fresh machine installs Debian's chromium (the laudo PDFs)
 * the way `npm test` does, or says in one line what to run. The decision is tested with a fake file
 * system and a fake apt-get: no real package is installed here.
 */
const machine = (files: string[]) => (file: string) => files.includes(file);
const APT = '/usr/bin/apt-get';

function run(options: { files: string[]; uid: number; aptStatus?: number; required?: boolean; packages?: string[]; rerun?: string; purpose?: string }) {
  const calls: string[] = [];
  const lines: string[] = [];
  const exits: number[] = [];
  const outcome = ensureSystemPackages({
    ...START_SYSTEM_PACKAGES,
    ...(options.packages ? { packages: options.packages, rerun: options.rerun, purpose: options.purpose } : {}),
    ...(options.required !== undefined ? { required: options.required } : {}),
    exists: machine(options.files),
    uid: options.uid,
    exec: (command, args) => (calls.push([command, ...args].join(' ')), options.aptStatus ?? 0),
    log: (line) => lines.push(line),
    exit: (code) => exits.push(code),
  });
  return { outcome, calls, lines, exits };
}

describe('npm start: Chromium for the laudo PDFs', () => {
  it('as root with apt-get and no chromium: installs chromium only (not poppler-utils)', () => {
    const r = run({ files: [APT], uid: 0 });
    expect(r.outcome).toBe('installed');
    expect(r.calls).toEqual(['apt-get update -qq', 'apt-get install -y -qq --no-install-recommends chromium']);
    expect(r.exits).toEqual([]);
  });

  it('not root: one pt-BR line saying what to run, and the server still starts', () => {
    const r = run({ files: [APT], uid: 1000 });
    expect(r.outcome).toBe('missing');
    expect(r.calls).toEqual([]);
    expect(r.lines).toEqual(['Faltam pacotes do sistema para gerar os PDFs dos laudos (Chromium): instale-os com "sudo apt-get install -y chromium" (Debian/Ubuntu) e rode "npm start" de novo.']);
    expect(r.exits).toEqual([]);
  });

  it('no apt-get (not Debian): the same one line, nothing run', () => {
    const r = run({ files: [], uid: 0 });
    expect(r.outcome).toBe('missing');
    expect(r.calls).toEqual([]);
    expect(r.lines).toHaveLength(1);
  });

  it('chromium present: nothing to do, nothing said', () => {
    const r = run({ files: [APT, '/usr/bin/chromium'], uid: 0 });
    expect(r).toMatchObject({ outcome: 'present', calls: [], lines: [], exits: [] });
  });

  it('apt-get failing: says what to run and goes on', () => {
    const r = run({ files: [APT], uid: 0, aptStatus: 100 });
    expect(r.outcome).toBe('missing');
    expect(r.calls).toEqual(['apt-get update -qq']);
    expect(r.lines.at(-1)).toContain('apt-get install -y chromium');
    expect(r.exits).toEqual([]);
  });
});

describe('npm test: chromium and poppler-utils, required', () => {
  it('installs both when root; stops with one line when it cannot', () => {
    expect(planSystemPackages({ packages: ['chromium', 'poppler-utils'], purpose: 'x', rerun: 'npm test', exists: machine([APT]), uid: 0 })).toEqual({ action: 'install', missing: ['chromium', 'poppler-utils'] });
    expect(planSystemPackages({ packages: ['chromium', 'poppler-utils'], purpose: 'x', rerun: 'npm test', exists: machine(['/usr/bin/chromium']), uid: 1000 }))
      .toMatchObject({ action: 'advise', missing: ['poppler-utils'] });
    const r = run({ files: [], uid: 1000, required: true, packages: ['chromium', 'poppler-utils'], rerun: 'npm test', purpose: 'os testes de navegador e PDF' });
    expect(r.exits).toEqual([1]);
    expect(r.lines).toEqual(['Faltam pacotes do sistema para os testes de navegador e PDF: instale-os com "sudo apt-get install -y chromium poppler-utils" (Debian/Ubuntu) e rode "npm test" de novo.']);
  });
});
