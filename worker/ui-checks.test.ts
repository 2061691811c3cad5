import { describe, expect, it } from 'vitest';
import { frontmatterIssue, modelFolderProblem, notePathProblem } from './ui-checks';

describe('checks the UI shows while typing', () => {
  it('accepts valid frontmatter YAML and points at the line of an error', () => {
    expect(frontmatterIssue('title: x\ntags: [a, b]\n')).toBeNull();
    expect(frontmatterIssue('title: x\nstatus: [open\nowner: me\n')?.line).toBeGreaterThanOrEqual(2);
    expect(frontmatterIssue('a: 1\nb: 2\na: 3\n')).toMatchObject({ line: 3 });
    expect(frontmatterIssue('- a\n- b\n')?.message).toMatch(/key: value/);
  });

  it('words a bad new-note path as create_note does', () => {
    expect(notePathProblem('specs/new.md')).toBeNull();
    expect(notePathProblem('specs/new.txt')).toMatch(/must end with \.md/);
    expect(notePathProblem('a//b.md')).toMatch(/empty folder name/);
  });

  it('recognises a model folder, with or without its own top folder', () => {
    const model = ['config.json', 'tokenizer.json', 'onnx/model_quantized.onnx'];
    expect(modelFolderProblem(model)).toBeNull();
    expect(modelFolderProblem(model.map((p) => `e5-small/${p}`))).toBeNull();
    expect(modelFolderProblem(['notes/a.md', 'config.json'])).toMatch(/no tokenizer\.json/);
  });
});
