import { useState } from 'react';
import { costOf, growthOf } from '../../state/costDerived';
import { useEstimate, usePlannerStore } from '../../state/store';
import { currentLink } from '../../state/urlSync';
import { changeRequestText } from './changeRequest';
import { t } from '../../i18n';

/** Baseline against target in one block: memory, nodes, money, months until full, and the link. */
export function ChangeRequestSummary() {
  const scenario = usePlannerStore((s) => s.scenario);
  const estimate = useEstimate();
  const text = changeRequestText(estimate, costOf(scenario), growthOf(scenario), currentLink(location.href));
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setStatus(t('cost.summaryCopied'));
    } catch {
      setStatus(t('cost.selectToCopy'));
    }
  };
  return (
    <section className="change-request" aria-label={t('cost.summary')}>
      <h3>{t('cost.summary')}</h3>
      <pre>{text}</pre>
      <button type="button" onClick={copy}>
        {t('cost.copySummary')}
      </button>{' '}
      <span role="status">{status}</span>
    </section>
  );
}
