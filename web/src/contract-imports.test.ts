// The UI's boundary with the engine: every file in web/ imports from worker/
// only worker/contract.ts, and that module carries no engine code into the
// page (after TypeScript erases types, all that is left of it is the
// dependency-free operator table). The one other way into worker/ is starting
// a worker, `new Worker(new URL('…/x.worker.ts', import.meta.url))`, which
// Vite needs written literally.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WORKER = join(ROOT, 'worker');
const CONTRACT = join(WORKER, 'contract.ts');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = join(dir, d.name);
    if (d.isDirectory()) return d.name === 'node_modules' ? [] : sources(p);
    return /\.(ts|tsx|js|jsx|mjs)$/.test(d.name) ? [p] : [];
  });
}

/** Module specifiers of a file: imports, re-exports, dynamic import(), and URLs built from import.meta.url. */
function specifiers(file: string, text: string): { spec: string; workerUrl: boolean }[] {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const out: { spec: string; workerUrl: boolean }[] = [];
  const visit = (n: ts.Node) => {
    if ((ts.isImportDeclaration(n) || ts.isExportDeclaration(n)) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      out.push({ spec: n.moduleSpecifier.text, workerUrl: false });
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = n.arguments;
      out.push({ spec: arg && ts.isStringLiteralLike(arg) ? arg.text : '<computed>', workerUrl: false });
    } else if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'URL' && n.arguments?.length) {
      const [arg] = n.arguments;
      const inWorker = ts.isNewExpression(n.parent) && ts.isIdentifier(n.parent.expression) && n.parent.expression.text === 'Worker';
      if (ts.isStringLiteralLike(arg)) out.push({ spec: arg.text, workerUrl: inWorker });
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return out;
}

/** Where a relative specifier points, or null for a package. */
function target(file: string, spec: string): string | null {
  return spec.startsWith('.') ? resolve(dirname(file), spec) : null;
}

describe('web/ sees the engine through worker/contract.ts only', () => {
  it('no file in web/ imports any other part of worker/', () => {
    const offences: string[] = [];
    for (const file of sources(join(ROOT, 'web'))) {
      for (const { spec, workerUrl } of specifiers(file, readFileSync(file, 'utf8'))) {
        if (spec === '<computed>') offences.push(`${relative(ROOT, file)}: import() of a computed specifier`);
        const to = target(file, spec);
        if (!to || !(to === WORKER || to.startsWith(WORKER + '/'))) continue;
        const isContract = to === CONTRACT || to === CONTRACT.replace(/\.ts$/, '');
        const isWorkerEntry = workerUrl && /\.worker\.ts$/.test(to);
        if (!isContract && !isWorkerEntry) offences.push(`${relative(ROOT, file)} imports ${spec}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('the check sees every form of import', () => {
    const file = join(ROOT, 'web/src/x/y.ts');
    const text = [
      "import { a } from '../../../worker/tools/registry';",
      "export type { B } from '../../../worker/contract';",
      "const m = import('../../../worker/engine');",
      "new Worker(new URL('../../../worker/entry.worker.ts', import.meta.url));",
      "const u = new URL('../../../worker/db/sqlite.ts', import.meta.url);",
    ].join('\n');
    expect(specifiers(file, text)).toEqual([
      { spec: '../../../worker/tools/registry', workerUrl: false },
      { spec: '../../../worker/contract', workerUrl: false },
      { spec: '../../../worker/engine', workerUrl: false },
      { spec: '../../../worker/entry.worker.ts', workerUrl: true },
      { spec: '../../../worker/db/sqlite.ts', workerUrl: false },
    ]);
  });

  it('the contract compiles to nothing but plain-data modules, which import nothing', () => {
    const emitted = (path: string) => {
      const js = ts.transpileModule(readFileSync(path, 'utf8'), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false } }).outputText;
      return specifiers(path.replace(/\.ts$/, '.js'), js).map((s) => s.spec);
    };
    expect(emitted(CONTRACT)).toEqual(['./ingest/attachment-types', './query/operator-table', './query/file-field-names']);
    expect(emitted(join(WORKER, 'query/operator-table.ts'))).toEqual([]);
    expect(emitted(join(WORKER, 'query/file-field-names.ts'))).toEqual([]);
    expect(emitted(join(WORKER, 'ingest/attachment-types.ts'))).toEqual([]);
  });
});
