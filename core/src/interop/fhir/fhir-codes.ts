import type { Ear } from '../../audiogram/audiogram';

/**
 * Code systems and codes of Limiar's FHIR R4 export (docs/fhir.md has every code with its source).
 */

export const LOINC = 'http://loinc.org';
export const UCUM = 'http://unitsofmeasure.org';
export const SNOMED = 'http://snomed.info/sct';
export const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
export const DIAGNOSTIC_SERVICE_SECTION = 'http://terminology.hl7.org/CodeSystem/v2-0074';

/** The CPF in Brazil's national health data network (RNDS) NamingSystem. */
export const CPF_SYSTEM = 'http://rnds.saude.gov.br/fhir/r4/NamingSystem/cpf';
/** Other spellings of the CPF system seen in Brazilian bundles (the import accepts them too): HL7's OID for the CPF. */
export const CPF_SYSTEM_ALIASES: readonly string[] = [CPF_SYSTEM, 'urn:oid:2.16.840.1.113883.13.237'];

/**
 * Limiar's own code systems: URNs in the (unregistered) `limiar` namespace, local identifiers that never
 * collide with a published system and are not meant to resolve; every code is listed in docs/fhir.md.
 */
export const LIMIAR_AUDIOMETRY_SYSTEM = 'urn:limiar:fhir:CodeSystem:audiometria';
export const LIMIAR_NR7_SYSTEM = 'urn:limiar:fhir:CodeSystem:nr7';
/** The identifier system of Limiar's record ids (exam, laudo, worker). */
export const LIMIAR_ID_SYSTEM = 'urn:limiar:fhir:id';

/** LOINC 89015-2, the panel whose members are the per-ear, per-frequency "Hearing threshold" codes. */
export const AUDIOGRAM_PANEL = { system: LOINC, code: '89015-2', display: 'Pure tone threshold audiometry panel' } as const;

/**
 * LOINC "Hearing threshold Ear - <side> --<f> Hz" (members of panel 89015-2; HL7 PACIO SPLASCH
 * ValueSet SPLASCHPureToneThresholdAudiometryPanel). LOINC states no method in these codes; Limiar
 * uses them for the air-conduction thresholds only (bone conduction has its own local codes, see
 * `thresholdCoding`), so that a receiver reading the code alone never takes a bone value for an air one.
 */
export const LOINC_HEARING_THRESHOLD: Readonly<Record<Ear, Readonly<Record<number, string>>>> = {
  right: { 250: '91374-9', 500: '89025-1', 750: '91378-0', 1000: '89017-8', 1500: '91372-3', 2000: '89019-4', 3000: '89021-0', 4000: '89023-6', 5000: '91376-4', 6000: '89027-7', 8000: '89029-3' },
  left: { 250: '91375-6', 500: '89024-4', 750: '91379-8', 1000: '89016-0', 1500: '91373-1', 2000: '89018-6', 3000: '89020-2', 4000: '89022-8', 5000: '91377-2', 6000: '89026-9', 8000: '89028-5' },
};

export const loincThresholdDisplay = (ear: Ear, hz: number) => `Hearing threshold Ear - ${ear} --${hz} Hz`;

/** LOINC code → ear and frequency (the import's reverse table). */
export const LOINC_THRESHOLD_BY_CODE: ReadonlyMap<string, { ear: Ear; hz: number }> = new Map(
  (['right', 'left'] as const).flatMap((ear) => Object.entries(LOINC_HEARING_THRESHOLD[ear]).map(([hz, code]) => [code, { ear, hz: Number(hz) }] as const)),
);

/** SNOMED CT body structures of the tested ear. */
export const EAR_SITE: Readonly<Record<Ear, { system: string; code: string; display: string }>> = {
  right: { system: SNOMED, code: '25577004', display: 'Right ear structure' },
  left: { system: SNOMED, code: '89644007', display: 'Left ear structure' },
};

export type FhirConduction = 'air' | 'bone';

/** Local codes of the conduction (`Observation.method`). */
export const CONDUCTION_METHOD: Readonly<Record<FhirConduction, { system: string; code: string; display: string }>> = {
  air: { system: LIMIAR_AUDIOMETRY_SYSTEM, code: 'via-aerea', display: 'Via aérea (fones)' },
  bone: { system: LIMIAR_AUDIOMETRY_SYSTEM, code: 'via-ossea', display: 'Via óssea (vibrador)' },
};

const EAR_PT: Record<Ear, string> = { right: 'orelha direita', left: 'orelha esquerda' };
const EAR_ABBR: Record<Ear, string> = { right: 'od', left: 'oe' };

/** Local threshold code: `va-od-1000` (air, right ear, 1000 Hz), `vo-oe-2000` (bone, left ear, 2000 Hz). */
export function localThresholdCode(conduction: FhirConduction, ear: Ear, hz: number): { system: string; code: string; display: string } {
  return {
    system: LIMIAR_AUDIOMETRY_SYSTEM,
    code: `${conduction === 'air' ? 'va' : 'vo'}-${EAR_ABBR[ear]}-${hz}`,
    display: `Limiar tonal por via ${conduction === 'air' ? 'aérea' : 'óssea'}, ${EAR_PT[ear]}, ${hz} Hz`,
  };
}

export const LOCAL_THRESHOLD_CODE = /^(va|vo)-(od|oe)-(\d{2,5})$/;

/** The UCUM unit of a hearing level: the decibel (`dB`); UCUM has no "HL" reference, so the human-readable unit says it. */
export const DB_HL = { unit: 'dB HL', system: UCUM, code: 'dB' } as const;

/** Interpretation of a threshold with no response up to the level stated as `> level`. */
export const NO_RESPONSE_INTERPRETATION = { system: LIMIAR_AUDIOMETRY_SYSTEM, code: 'sem-resposta', display: 'Sem resposta até o nível máximo apresentado' } as const;

/** Local observation codes of the NR-7 classification and of the comparison with the reference exam. */
export const NR7_CLASSIFICATION_CODE = { system: LIMIAR_AUDIOMETRY_SYSTEM, code: 'nr7-classificacao', display: 'Classificação do audiograma (NR-7 Anexo II, item 5)' } as const;
export const NR7_COMPARISON_CODE = { system: LIMIAR_AUDIOMETRY_SYSTEM, code: 'nr7-comparacao', display: 'Comparação com o exame de referência (NR-7 Anexo II, itens 5.3 e 5.4)' } as const;

/** Values of `nr7-classificacao` (NR-7 Anexo II items 5.1, 5.2, 5.2.1). */
export const NR7_CLASSES = {
  aceitavel: 'Dentro dos limites aceitáveis',
  sugestivo_painpse: 'Sugestivo de PAINPSE',
  nao_sugestivo: 'Não sugestivo de PAINPSE',
} as const;

/** Values of `nr7-comparacao` (items 5.3, 5.4; `indeterminado` when a no-response leaves it open). */
export const NR7_COMPARISONS = {
  desencadeamento: 'Desencadeamento',
  agravamento: 'Agravamento',
  sem_desencadeamento_ou_agravamento: 'Sem desencadeamento nem agravamento',
  indeterminado: 'Indeterminado (limiar sem resposta)',
} as const;

/** LOINC 28615-3 "Audiology Study" (the laudo's DiagnosticReport.code). */
export const AUDIOLOGY_REPORT = { system: LOINC, code: '28615-3', display: 'Audiology Study' } as const;
