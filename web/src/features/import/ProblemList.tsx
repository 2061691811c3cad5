import { useI18n } from '../../i18n/i18n';
import { EngineMessage } from '../../ui/EngineMessage';

export interface ProblemItem {
  path: string;
  code: string;
  message: string;
  action: string;
  line?: number | null;
}

/** One line per problem: the file (and line), what is wrong, what Kioku did about it. */
export function ProblemList({ problems }: { problems: ProblemItem[] }) {
  const { t } = useI18n();
  return (
    <details className="problems" open={problems.length <= 5}>
      <summary>{t('import.problems', { count: problems.length })}</summary>
      <ul>
        {problems.map((p, i) => (
          <li key={`${p.path}-${p.code}-${i}`} data-code={p.code}>
            <div>
              <code className="path">{p.path}</code>
              {p.line ? <span className="line"> ({t('import.problem.line', { line: p.line })})</span> : null}
            </div>
            <div className="message">
              <EngineMessage kind="problem" code={p.code} message={p.message} />
            </div>
            <div className="action">
              <span className="action-label">{t('import.problem.did')}</span> {p.action}
            </div>
          </li>
        ))}
      </ul>
    </details>
  );
}
