// The table's columns: picked ones win; without any, the fields the filter names.
import { describe, expect, it } from 'vitest';
import { decodeState, encodeState } from '../../state/url-state';
import { findArgs, tableColumns } from './find-args';

const all = () => true;

describe('the table shows the fields the filter asks about', () => {
  it('takes the filter\'s fields as columns when none were picked', () => {
    const s = decodeState(`?view=table&filter=${encodeURIComponent(JSON.stringify({ steps: { $gt: 5000 }, 'file.folder': 'dailys' }))}`);
    expect(tableColumns(s)).toEqual(['steps', 'file.folder']);
    expect(findArgs(s, all).fields).toEqual(['steps', 'file.folder']);
  });

  it('keeps the picked columns, and none without a filter', () => {
    const picked = decodeState(`?view=table&cols=${encodeURIComponent('["rating"]')}&filter=${encodeURIComponent('{"steps":1}')}`);
    expect(tableColumns(picked)).toEqual(['rating']);
    expect(tableColumns(decodeState('?view=table&q=x'))).toEqual([]);
  });

  it('shows no column once the filter\'s only one is unticked, and says so in the URL', () => {
    const s = decodeState(`?view=table&filter=${encodeURIComponent('{"steps":{"$gt":5000}}')}`);
    const unticked = { ...s, cols: tableColumns(s).filter((c) => c !== 'steps') };
    expect(tableColumns(unticked)).toEqual([]);
    expect(findArgs(unticked, all).fields).toEqual([]);
    const again = decodeState(encodeState(unticked));
    expect(again.cols).toEqual([]);
    expect(tableColumns(again)).toEqual([]);
  });
});
