import { describe, expect, it } from 'vitest';
import { engineWith, ok } from '../../../worker/test/make-engine';
import { TOOLS } from '../../../worker/tools/registry';
import { capabilitiesOf } from './capabilities';
import { readFields } from './shapes';
import { operatorsFor } from '../features/filters/operators';

const toolList = () => Object.values(TOOLS).map((d) => ({ name: d.name, params: d.params.map((p) => ({ name: p.name, description: p.description })) }));

describe('the UI reads the real engine', () => {
  it('reads the fields tool: keys, types, counts, frequent values, operators', async () => {
    const engine = await engineWith({
      'a.md': '---\nstatus: draft\nconfidence: 0.8\ntags: [x, y]\n---\nA',
      'b.md': '---\nstatus: done\nconfidence: 0.4\nreviewed: true\n---\nB',
      'c.md': '---\nstatus: draft\nattendees:\n  - name: Ann\n    external: true\n---\nC',
    });
    const fields = readFields(ok(await engine.call('fields', {})));
    const status = fields.find((f) => f.key === 'status')!;
    expect(status.count).toBe(3);
    expect(status.types).toContain('string');
    expect(status.values[0]).toEqual({ value: 'draft', count: 2 });
    const confidence = fields.find((f) => f.key === 'confidence')!;
    expect(confidence.types).toEqual(['number']);
    expect(operatorsFor(confidence)).toContain('between');
    expect(operatorsFor(confidence)).not.toContain('contains');
    const reviewed = fields.find((f) => f.key === 'reviewed')!;
    expect(operatorsFor(reviewed)).toEqual(expect.arrayContaining(['eq', 'exists', 'empty']));
    expect(operatorsFor(reviewed)).not.toContain('gt');
    // A key met only inside a list of maps is typed by its elements.
    expect(fields.find((f) => f.key === 'attendees.external')!.types).toEqual(['boolean']);
  });

  it('knows which features this engine offers', () => {
    const caps = capabilitiesOf(toolList());
    expect(caps.filters).toBe(true);
    expect(caps.find && caps.fields && caps.write && caps.folders && caps.tags).toBe(true);
    // A mode argument that only knows "text" is not a mode switch.
    expect(capabilitiesOf([{ name: 'search', params: [{ name: 'mode', description: 'How to rank: "text" (BM25).' }] }]).modes).toBe(false);
    expect(capabilitiesOf([{ name: 'search', params: [{ name: 'mode', description: 'text, vector or hybrid' }] }]).modes).toBe(true);
  });
});
