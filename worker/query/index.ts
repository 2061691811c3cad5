// The filter language's public API (see INTERFACES.md). The language is
// defined in operators.ts (what each operator accepts and compiles to),
// validate.ts (structure and keys) and compile.ts (SQL over entries `e`).
export type { SqlCondition } from './sql';
export { metadataScope, readMetadataArgs, compileFilter, withoutEmptyTagNesting, type MetadataArgs, type MetadataScope } from './metadata-scope';
export { OPERATORS_BY_TYPE, OPERATOR_INFO, FIELD_TYPES, type FieldType, type OperandShape } from './operators';
export type { OpName } from './ast';
export { FILTER_REASONS, type FilterReason } from './filter-error';
