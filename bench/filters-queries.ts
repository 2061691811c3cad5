// The queries the filter benchmark times, per corpus: filter-only searches
// (the search tool with filters and no text: page of 10 plus an exact total)
// and find calls (typed fields, sorted, page of 50). Plain data, so the Node
// run and the Chromium worker run time the very same calls.

export interface BenchQuery {
  name: string;
  tool: 'search' | 'find';
  args: Record<string, unknown>;
}

const search = (name: string, filters: Record<string, unknown>, extra: Record<string, unknown> = {}): BenchQuery => ({
  name,
  tool: 'search',
  args: { filters, page_size: 10, ...extra },
});
const find = (name: string, args: Record<string, unknown>): BenchQuery => ({ name, tool: 'find', args: { page_size: 50, ...args } });

export const SEEKSTONE_QUERIES: BenchQuery[] = [
  search('eq type=daily', { type: 'daily' }),
  search('tag history', {}, { tags: 'history' }),
  search('date range (6 months)', { date_created: { $gte: '2023-01-01', $lt: '2023-07-01' } }),
  search('$in type', { type: { $in: ['daily', 'reference', 'source'] } }),
  search('null source', { source: null }),
  search('3 conditions', { type: 'daily', date_created: { $gte: '2023-06-01' }, tags: { $exists: false } }),
  search('$contains topic', { topic: { $contains: 'hist' } }),
  find('find tag, sort date desc', { tags: 'history', fields: ['title', 'topic', 'date_created', 'tags'], sort: [{ field: 'date_created', order: 'desc' }] }),
  find('find all, sort date', { fields: ['title', 'date_created'], sort: [{ field: 'date_created' }] }),
  find('find type, sort title', { filters: { type: { $exists: true } }, fields: ['type', 'title'], sort: [{ field: 'title' }] }),
];

export const D365_QUERIES: BenchQuery[] = [
  search('eq ms.topic', { 'ms.topic': 'article' }),
  search('numeric ms.custom > 10000', { 'ms.custom': { $gt: 10000 } }),
  search('date validFrom ≥ 2020', { 'ms.search.validFrom': { $gte: '2020-01-01' } }),
  search('$in audience', { audience: { $in: ['Developer', 'IT Pro'] } }),
  search('2 conditions', { 'ms.search.region': 'Global', 'ms.topic': 'how-to' }),
  search('null ms.reviewer', { 'ms.reviewer': null }),
  search('$contains version', { 'ms.dyn365.ops.version': { $contains: '10.0' } }),
  find('find article, sort ms.date desc', { filters: { 'ms.topic': 'article' }, fields: ['title', 'ms.author', 'ms.date', 'ms.custom'], sort: [{ field: 'ms.date', order: 'desc' }] }),
  find('find all, sort ms.custom', { fields: ['title', 'ms.custom'], sort: [{ field: 'ms.custom' }] }),
];

export const SYNTHETIC_QUERIES: BenchQuery[] = [
  search('eq status', { status: 'active' }),
  search('tag', {}, { tags: 't7' }),
  search('two tags', { tags: ['t1', 't3'] }),
  search('$in priority', { priority: { $in: ['high', 'critical'] } }),
  search('numeric > 0.9', { confidence: { $gt: 0.9 } }),
  search('$between score', { score: { $between: [40, 45] } }),
  search('date range (1 month)', { started: { $gte: '2024-03-01', $lt: '2024-04-01' } }),
  search('nested eq', { 'project.phase': 3 }),
  search('bool (true/"True")', { draft: true }),
  search('null owner', { owner: null }),
  search('Japanese key', { 状態: '完了' }),
  search('mixed-type ms.custom > 99000', { 'ms.custom': { $gt: 99000 } }),
  search('$contains ms.custom', { 'ms.custom': { $contains: 'vector' } }),
  search('4 conditions', { status: 'active', priority: 'high', confidence: { $gte: 0.5 }, draft: false }),
  find('find status, sort score desc', { filters: { status: 'active' }, fields: ['title', 'score', 'confidence', 'tags'], sort: [{ field: 'score', order: 'desc' }] }),
  find('find date range, sort date', { filters: { started: { $gte: '2025-01-01' } }, fields: ['title', 'started', 'owner'], sort: [{ field: 'started' }] }),
  find('find all, sort confidence', { fields: ['title', 'confidence'], sort: [{ field: 'confidence', order: 'desc' }] }),
  find('find all, page 100', { fields: ['status', 'score'], page: 100 }),
];
