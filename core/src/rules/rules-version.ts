/**
 * Version of the rule set implemented here, stored with every result so classifications can be
 * re-analysed when the rules change. Bump it whenever any output of the rules can change.
 */
export const RULES_VERSION = '2026.11-2';
