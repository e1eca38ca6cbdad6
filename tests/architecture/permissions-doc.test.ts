import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS, PERMISSIONS, ROLES, type Role } from '../../core/src';

/**
 * docs/permissions.md shows THE table (issue 18): this test reads it and compares it with
 * `PERMISSIONS`, so the page cannot drift from the code. (In tests/, not beside permissions.ts:
 * core tests may not read files.)
 */
const page = fs.readFileSync(path.join(__dirname, '../../docs/permissions.md'), 'utf8');
const cellsOf = (line: string) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim());

function documentedTable() {
  const lines = page.split('\n');
  const header = lines.findIndex((l) => /^\|\s*action\s*\|/.test(l));
  expect(header, 'docs/permissions.md has a "| action | …" table').toBeGreaterThanOrEqual(0);
  const columns = cellsOf(lines[header]).slice(1);
  const rows: { action: string; cells: string[] }[] = [];
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [first, ...cells] = cellsOf(line);
    rows.push({ action: /^`([^`]+)`/.exec(first)?.[1] ?? first, cells });
  }
  return { columns, rows };
}

describe('docs/permissions.md', () => {
  it('its table has one column per role of ROLES, in order', () => {
    expect(documentedTable().columns).toEqual([...ROLES]);
  });

  it('its table has one row per action of ACTIONS, in order, each ✓ exactly where PERMISSIONS allows', () => {
    const { rows } = documentedTable();
    expect(rows.map((r) => r.action)).toEqual([...ACTIONS]);
    for (const { action, cells } of rows) {
      expect(cells, action).toHaveLength(ROLES.length);
      const allowed = ROLES.filter((_, i) => cells[i].startsWith('✓'));
      expect(allowed, action).toEqual(ROLES.filter((r: Role) => PERMISSIONS[action as keyof typeof PERMISSIONS].includes(r)));
      cells.forEach((c, i) => expect(c === '' || c.startsWith('✓'), `${action} × ${ROLES[i]}: "${c}"`).toBe(true));
    }
  });
});
