/**
 * Three-valued outcome used when a threshold is missing or is a no-response (clinical-rules §4,
 * "three_valued"): true = met, false = not met with every criterion evaluable, null = indeterminate.
 */
export type Tri = boolean | null;

/** true if any is true; false if all are false; null otherwise. */
export function anyTri(values: readonly Tri[]): Tri {
  let unknown = false;
  for (const v of values) {
    if (v === true) return true;
    if (v === null) unknown = true;
  }
  return unknown ? null : false;
}

/** false if any is false; true if all are true; null otherwise. */
export function allTri(values: readonly Tri[]): Tri {
  let unknown = false;
  for (const v of values) {
    if (v === false) return false;
    if (v === null) unknown = true;
  }
  return unknown ? null : true;
}

/** Two-operand `anyTri` without an array (hot paths). */
export function orTri(a: Tri, b: Tri): Tri {
  if (a === true || b === true) return true;
  return a === null || b === null ? null : false;
}

/** Two-operand `allTri` without an array (hot paths). */
export function andTri(a: Tri, b: Tri): Tri {
  if (a === false || b === false) return false;
  return a === null || b === null ? null : true;
}
