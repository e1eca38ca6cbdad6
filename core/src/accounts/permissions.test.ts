import { describe, expect, it } from 'vitest';
import {
  ACTION_LABELS, ACTIONS, can, ForbiddenError, forbiddenMessage, founderRoles, NEXO_FINALIZE_MESSAGE, PERMISSIONS, permissionsOf, PROFESSIONAL_ROLES,
  requireFinalizePermission, requirePermission, ROLE_LABELS, ROLES, ROLES_MESSAGES, rolesAfterTypeChange, validateRoles, type Role,
} from './permissions';

const refusal = (r: { ok: boolean; error?: { message: string; code?: string } }) => (r.ok ? 'ok' : `${r.error!.code ?? ''} ${r.error!.message}`.trim());

describe('the permission table', () => {
  it('names every action once, each allowed to at least one known role, and labels every role and action', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual([...ACTIONS].sort());
    for (const action of ACTIONS) {
      expect(PERMISSIONS[action].length, action).toBeGreaterThan(0);
      expect(PERMISSIONS[action].every((r) => (ROLES as readonly string[]).includes(r)), action).toBe(true);
      expect(new Set(PERMISSIONS[action]).size, action).toBe(PERMISSIONS[action].length);
      expect(ACTION_LABELS[action], action).toBeTruthy();
    }
    for (const role of ROLES) expect(ROLE_LABELS[role], role).toBeTruthy();
  });

  it('the administrator role alone manages the team (an organisation always keeps one active administrator)', () => {
    expect(can(['administrador'], 'team.manage')).toBe(true);
  });
});

describe('can and permissionsOf — every cell of the table', () => {
  const cells = ACTIONS.flatMap((action) => ROLES.map((role) => [action, role] as const));

  it.each(cells)('%s × %s follows PERMISSIONS', (action, role) => {
    expect(can([role], action)).toBe(PERMISSIONS[action].includes(role));
    expect(permissionsOf([role]).includes(action)).toBe(PERMISSIONS[action].includes(role));
  });

  it('no role allows nothing', () => {
    expect(ACTIONS.some((a) => can([], a))).toBe(false);
    expect(permissionsOf([])).toEqual([]);
  });

  it('several roles allow the union of their actions, in table order', () => {
    for (const a of ROLES) {
      for (const b of ROLES) {
        const union = ACTIONS.filter((action) => PERMISSIONS[action].includes(a) || PERMISSIONS[action].includes(b));
        expect(permissionsOf([a, b]), `${a}+${b}`).toEqual(union);
      }
    }
  });

  it('a solo professional (administrador + médico) may do everything the app offers', () => {
    expect(permissionsOf(['administrador', 'medico'])).toEqual([...ACTIONS]);
  });

  it('the refinements of the issue table hold (docs/permissions.md)', () => {
    // the exam is performed by a médico or fonoaudiólogo and typed in by a técnico: no one else records it (NR-7 Anexo II 3.3)
    expect(PERMISSIONS['exams.write']).toEqual(['medico', 'fonoaudiologo', 'tecnico']);
    // designating the reference exam is a clinical judgement (I12): not the técnico's data entry
    expect(PERMISSIONS['exams.designate-reference']).toEqual(['medico', 'fonoaudiologo']);
    expect(can(['tecnico'], 'exams.designate-reference')).toBe(false);
    expect(can(['seguranca'], 'laudo.draft')).toBe(false);
  });
});

describe('requirePermission', () => {
  it.each(ACTIONS.flatMap((action) => ROLES.map((role) => [action, role] as const)))('%s × %s: ok or a pt-BR 403', (action, role) => {
    const result = requirePermission({ roles: [role] }, action);
    if (can([role], action)) expect(result).toEqual({ ok: true, value: undefined });
    else {
      expect(result.ok).toBe(false);
      const error = (result as { error: ForbiddenError }).error;
      expect(error).toBeInstanceOf(ForbiddenError);
      expect(error.code).toBe('AUTH.FORBIDDEN');
      expect(error.message).toBe(forbiddenMessage(action));
      expect(error.message).toContain(ACTION_LABELS[action]);
    }
  });
});

describe('requireFinalizePermission — the nexo causal is the physician\'s (NR-7 Anexo II item 6)', () => {
  it.each(ROLES)('a simple (audiological) laudo: %s as the table says', (role) => {
    expect(requireFinalizePermission({ roles: [role] }, 'simple').ok).toBe(can([role], 'laudo.finalize'));
  });

  it('a fonoaudiólogo finalises the simple laudo and not the nexo-causal one, with the item-6 message', () => {
    expect(requireFinalizePermission({ roles: ['fonoaudiologo'] }, 'simple')).toEqual({ ok: true, value: undefined });
    expect(refusal(requireFinalizePermission({ roles: ['fonoaudiologo'] }, 'nexo-causal'))).toBe(`AUTH.FORBIDDEN ${NEXO_FINALIZE_MESSAGE}`);
    // being administrator as well changes nothing
    expect(refusal(requireFinalizePermission({ roles: ['administrador', 'fonoaudiologo'] }, 'nexo-causal'))).toBe(`AUTH.FORBIDDEN ${NEXO_FINALIZE_MESSAGE}`);
  });

  it('a médico finalises both', () => {
    for (const type of ['simple', 'nexo-causal'] as const) {
      expect(requireFinalizePermission({ roles: ['medico'] }, type).ok, type).toBe(true);
      expect(requireFinalizePermission({ roles: ['administrador', 'medico'] }, type).ok, type).toBe(true);
    }
  });

  it.each(['administrador', 'seguranca', 'tecnico'] as const)('%s finalises neither, refused by the table (not the item-6 message)', (role) => {
    for (const type of ['simple', 'nexo-causal'] as const) {
      expect(refusal(requireFinalizePermission({ roles: [role] }, type)), type).toBe(`AUTH.FORBIDDEN ${forbiddenMessage('laudo.finalize')}`);
    }
  });
});

describe('validateRoles', () => {
  it.each<[string, string[], Role[]]>([
    ['one professional role', ['tecnico'], ['tecnico']],
    ['administrator only', ['administrador'], ['administrador']],
    ['administrator and a professional role, put in table order', ['medico', 'administrador'], ['administrador', 'medico']],
    ['duplicates collapsed', ['seguranca', 'seguranca', 'administrador'], ['administrador', 'seguranca']],
  ])('accepts %s', (_case, input, roles) => {
    expect(validateRoles(input)).toEqual({ ok: true, value: roles });
  });

  it.each<[string, string[], string]>([
    ['no role', [], ROLES_MESSAGES.empty],
    ['an unknown role', ['chefe'], ROLES_MESSAGES.unknown],
    ['an unknown role next to a known one', ['administrador', 'Medico'], ROLES_MESSAGES.unknown],
    ['two professional roles', ['medico', 'fonoaudiologo'], ROLES_MESSAGES.twoProfessional],
    ['two professional roles with administrator', ['administrador', 'tecnico', 'seguranca'], ROLES_MESSAGES.twoProfessional],
  ])('refuses %s', (_case, input, message) => {
    expect(validateRoles(input)).toEqual({ ok: false, error: message });
  });

  it('every pair of professional roles is refused', () => {
    for (const a of PROFESSIONAL_ROLES) for (const b of PROFESSIONAL_ROLES) if (a !== b) expect(validateRoles([a, b]).ok, `${a}+${b}`).toBe(false);
  });

  it('médico needs a Médico (CRM) account and fonoaudiólogo a Fonoaudiólogo (CRFa) one', () => {
    expect(validateRoles(['medico'], 'Fonoaudiologo')).toEqual({ ok: false, error: 'O papel Médico(a) exige o tipo profissional Médico(a) (CRM).' });
    expect(validateRoles(['administrador', 'fonoaudiologo'], 'Medico')).toEqual({ ok: false, error: 'O papel Fonoaudiólogo(a) exige o tipo profissional Fonoaudiólogo(a) (CRFa).' });
    expect(validateRoles(['medico'], 'Engenheiro').ok).toBe(false);
    // an account without a professional type cannot be the physician
    expect(validateRoles(['medico'], null)).toEqual({ ok: false, error: ROLES_MESSAGES.typeMismatch('medico', 'Medico') });
    expect(validateRoles(['medico'], 'Medico')).toEqual({ ok: true, value: ['medico'] });
    expect(validateRoles(['fonoaudiologo'], 'Fonoaudiologo')).toEqual({ ok: true, value: ['fonoaudiologo'] });
    // type not known yet (an invitation): checked when accepted
    expect(validateRoles(['medico'])).toEqual({ ok: true, value: ['medico'] });
  });

  it('seguranca, tecnico and administrador take any professional type, or none', () => {
    for (const role of ['seguranca', 'tecnico', 'administrador'] as const) {
      for (const type of ['Medico', 'Fonoaudiologo', 'Engenheiro', null] as const) expect(validateRoles([role], type), `${role} ${type}`).toEqual({ ok: true, value: [role] });
    }
  });
});

describe('founderRoles — the registering user administers their new organisation', () => {
  it.each([
    ['Medico', ['administrador', 'medico']],
    ['Fonoaudiologo', ['administrador', 'fonoaudiologo']],
    ['Engenheiro', ['administrador', 'seguranca']],
    [null, ['administrador']],
  ] as const)('%s → %j', (type, roles) => {
    expect(founderRoles(type)).toEqual(roles);
    expect(validateRoles(founderRoles(type), type).ok).toBe(true);
  });
});

describe('rolesAfterTypeChange', () => {
  it.each<[string, Role[], 'Medico' | 'Fonoaudiologo' | 'Engenheiro' | null, Role[]]>([
    ['a solo médico who becomes fonoaudiólogo', ['administrador', 'medico'], 'Fonoaudiologo', ['administrador', 'fonoaudiologo']],
    ['a fonoaudiólogo member who becomes médico', ['fonoaudiologo'], 'Medico', ['medico']],
    ['a médico member who becomes engineer', ['medico'], 'Engenheiro', ['seguranca']],
    ['an administrator without a type (Google) who completes the profile as médico', ['administrador'], 'Medico', ['administrador', 'medico']],
    ['an administrator without a type who completes it as engineer', ['administrador'], 'Engenheiro', ['administrador', 'seguranca']],
    ['an administrator-only member who still has no type', ['administrador'], null, ['administrador']],
    ['the same type', ['administrador', 'medico'], 'Medico', ['administrador', 'medico']],
    ['a técnico (any type) who changes type', ['tecnico'], 'Medico', ['tecnico']],
    ['an administrator and seguranca who becomes médico (seguranca is not bound to a type)', ['administrador', 'seguranca'], 'Medico', ['administrador', 'seguranca']],
  ])('%s', (_case, roles, type, expected) => {
    const after = rolesAfterTypeChange(roles, type);
    expect(after).toEqual(expected);
    expect(validateRoles(after, type).ok).toBe(true);
  });
});

