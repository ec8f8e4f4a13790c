import { memo, useMemo, useState } from 'react';
import { costOf, growthOf } from '../../state/costDerived';
import { estimateOf, resolvedOf } from '../../state/derived';
import { planDescription, planDescriptionItems } from '../assumptions/planDescription';
import { linkTo } from '../../state/shareLink';
import { changeRequestText } from './changeRequest';
import { useDeferredScenario, useDeferredView } from '../common/deferredScenario';
import { t } from '../../i18n';
import { useUnits } from '../common/useUnits';

/** Baseline against target in one block: memory, nodes, money, months until full, what the plan assumes, and the link. */
export const ChangeRequestSummary = memo(function ChangeRequestSummary() {
  // Compressing the link for the text takes milliseconds: done in a render after the results
  // and the chart are painted, and again only when the scenario or the view has changed.
  const scenario = useDeferredScenario();
  const view = useDeferredView();
  const units = useUnits();
  const text = useMemo(
    () =>
      changeRequestText(
        estimateOf(scenario),
        costOf(scenario),
        growthOf(scenario),
        linkTo(location.href, { scenario, view }),
        units,
        planDescriptionItems(planDescription(scenario, resolvedOf(scenario), estimateOf(scenario), costOf(scenario))),
      ),
    [scenario, view, units],
  );
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
});
