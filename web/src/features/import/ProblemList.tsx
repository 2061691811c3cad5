import { useI18n } from '../../i18n/i18n';

export interface ProblemItem {
  path: string;
  code: string;
  message: string;
  action: string;
  line?: number | null;
}

export function ProblemList({ problems }: { problems: ProblemItem[] }) {
  const { t } = useI18n();
  return (
    <details className="problems" open={problems.length <= 5}>
      <summary>{t('import.problems', { count: problems.length })}</summary>
      <ul>
        {problems.map((p, i) => (
          <li key={`${p.path}-${p.code}-${i}`} data-code={p.code}>
            <code className="path">{p.path}</code>
            {p.line ? <span className="line"> ({t('import.problem.line', { line: p.line })})</span> : null}
            <div>{p.message}</div>
            <div className="action">{p.action}</div>
          </li>
        ))}
      </ul>
    </details>
  );
}
