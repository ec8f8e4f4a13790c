import { usePlannerStore } from '../../state/store';
import { t } from '../../i18n';
import { appliedAdviceTexts } from './changeText';

/**
 * What advice this plan has had applied, in order, as its scenario records it: the record travels
 * in links and JSON with the plan, so whoever opens it sees that its figures include these changes.
 */
export function AppliedAdviceList() {
  const applied = usePlannerStore((s) => s.scenario.appliedAdvice);
  const texts = appliedAdviceTexts(applied);
  if (texts.length === 0) return null;
  return (
    <div className="advice-applied">
      <p className="note">{t('advice.applied')}</p>
      <ol aria-label={t('advice.applied')}>
        {texts.map((text, i) => (
          <li key={i}>{text}</li>
        ))}
      </ol>
    </div>
  );
}
