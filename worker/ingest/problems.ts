/** Something wrong with one imported file, and what Kioku did about it. */
export interface Problem {
  code: ProblemCode;
  message: string;
  action: string;
  line?: number;
}

export type ProblemCode =
  | 'frontmatter_invalid'
  | 'frontmatter_unterminated'
  | 'frontmatter_not_a_map'
  | 'frontmatter_duplicate_key'
  | 'frontmatter_too_deep'
  | 'invalid_utf8'
  | 'binary_note'
  | 'empty_file'
  | 'note_truncated'
  | 'duplicate_permalink'
  | 'read_failed'
  | 'duplicate_path'
  | 'symlink_outside'
  | 'symlink_loop'
  | 'symlink_dangling'
  | 'edit_kept'
  | 'field_clash'
  | 'visibility_invalid'
  | 'scope_org_missing'
  | 'mode_hint_invalid'
  | 'subscriptions_invalid'
  | 'subscription_invalid'
  | 'temporal_qualifier_refused';

export interface FileProblem extends Problem {
  path: string;
}
