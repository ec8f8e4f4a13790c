import { usePlannerStore } from '../../state/store';
import { t } from '../../i18n';
import { changeText } from './adviceText';

/**
 * What advice this plan has had applied, in order, as its scenario records it: the record travels
 * in links and JSON with the plan, so whoever opens it sees that its figures include these changes.
 */
export function AppliedAdviceList() {
  const applied = usePlannerStore((s) => s.scenario.appliedAdvice);
  if (!applied || applied.length === 0) return null;
  return (
    <div className="advice-applied">
      <p className="note">{t('advice.applied')}</p>
      <ol aria-label={t('advice.applied')}>
        {applied.map((item, i) => (
          <li key={i}>{changeText(item, 'workload' in item ? item.workload : '', null)}</li>
        ))}
      </ol>
    </div>
  );
}
