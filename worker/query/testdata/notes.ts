// A small vault for the filter tests, written to imitate what real notes do:
// inconsistent YAML quoting, numbers as strings, mixed-type keys (like
// d365's ms.custom holding ints, strings and lists), literal dotted keys,
// nested maps, Japanese keys, tags in several spellings, and files that are
// not Markdown.
const note = (fm: string, body = 'Body text.') => `---\n${fm.trim()}\n---\n${body}\n`;

export const FILTER_NOTES: Record<string, string> = {
  'notes/alpha.md': note(`
title: Alpha
status: active
priority: high
confidence: 0.9
score: 0.5
rating: 1
tags: [Security, OAuth]
started: 2026-01-15
schema:
  version: 2
owner: alice
draft: false
状態: 完了
ms.custom: 12345
ms.topic: article
authors:
  - name: Ann
  - name: Bob
`, 'Authentication design for the OAuth flow.'),
  'notes/beta.md': note(`
title: Beta
status: draft
priority: "critical"
confidence: "0.75"
score: 1
rating: "1"
tags: "security, ops"
started: "2026-02-01"
schema.version: "2"
owner: null
draft: "TRUE"
ms.custom: intro-to-x
ms.topic: how-to
`, 'Deployment checklist with authentication steps.'),
  'notes/gamma.md': note(`
title: Gamma
status: Active
priority: low
confidence: n/a
score: 0.3
rating: 1.0
tags: [ＳＥＣＵＲＩＴＹ, Straße]
started: 2025-12-31T23:59
draft: yes
状態: 進行中
ms.custom: [1, two, 3]
`, 'Notes about caching.'),
  'notes/delta.md': 'No frontmatter here, only text about authentication.\n',
  'notes/epsilon.md': note(`
title: Epsilon
status: archived
tags: []
confidence: 1.0
score: "1.0"
rating: true
version: "10.0.5"
empty_map: {}
list_nulls: [null]
id: 12345678901234567891
ms.custom: "007"
`),
  'notes/zeta.md': note(`
title: Zeta
tags:
  - project/alpha
  - STRASSE
owner: ""
draft: True
score: -2
confidence: 1e3
started: "2026-01-31"
place: café
schema:
  version: 3
schema.version: 4
`),
  'assets/report.pdf': new TextDecoder().decode(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a])),
  'images/pic.png': 'not really a png',
};

export const ALL_NOTES = ['notes/alpha.md', 'notes/beta.md', 'notes/delta.md', 'notes/epsilon.md', 'notes/gamma.md', 'notes/zeta.md'];
