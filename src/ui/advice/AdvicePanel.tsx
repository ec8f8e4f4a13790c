import { useState } from 'react';
import { adviceWorkload } from '../../model/plan';
import { applyAdvice } from '../../scenario/advice';
import { adviceOf, type PricedAdvice } from '../../state/adviceDerived';
import { usePlannerStore } from '../../state/store';
import { formatUsd } from '../../format/money';
import { formatPercent } from '../../format/quantities';
import { t } from '../../i18n';
import { useDeferredResolved, useDeferredScenario } from '../common/deferredScenario';
import { lineFullName, lineLabel } from '../common/lineLabel';
import { costText } from './adviceText';
import { changeText } from './changeText';
import { AppliedAdviceList } from './AppliedAdviceList';
import { useBytesFormatter } from '../common/useUnits';

/** Below this a month's saving would be written $0.00. */
const HALF_A_CENT = 0.005;

function AdviceItem({ advice }: { advice: PricedAdvice }) {
  const scenario = useDeferredScenario();
  const resolved = useDeferredResolved();
  const use = usePlannerStore((s) => s.scenarioUsed);
  const bytes = useBytesFormatter();
  const index = adviceWorkload(advice.change);
  const w = index === null ? null : resolved.workloads[index]!;
  return (
    // The kind, for styles and tests to tell the items apart whatever the language.
    <li className="advice-item" data-advice={advice.change.kind}>
      <p>
        <strong>{changeText(advice.change, w?.name ?? '')}</strong>
      </p>
      <ul className="advice-savings">
        {advice.savings.map((s) => (
          <li key={s.line}>
            {t(s.savedBytes === 0 ? 'advice.same' : s.savedBytes > 0 ? 'advice.saves' : 'advice.costsMore', {
              line: lineLabel(s.line),
              bytes: bytes(Math.abs(s.savedBytes)),
              percent: formatPercent(Math.abs(s.savedPercent)),
              after: bytes(s.bytesAfter),
            })}
          </li>
        ))}
      </ul>
      {advice.targetSavesPerMonth !== null && (
        <p className="note">
          {/* Nodes are whole: a saving that frees none is said so, not written as $0.00 a month. */}
          {Math.abs(advice.targetSavesPerMonth) < HALF_A_CENT
            ? t('advice.noNodeFreed', { line: lineFullName(resolved.target) })
            : t('advice.money', { line: lineLabel(resolved.target), money: formatUsd(advice.targetSavesPerMonth) })}
        </p>
      )}
      <p className="note">{costText(advice.change)}</p>
      <button type="button" onClick={() => use(applyAdvice(scenario, advice.change))}>
        {t('advice.apply')}
      </button>
    </li>
  );
}

function AdviceList() {
  const scenario = useDeferredScenario();
  const advice = adviceOf(scenario);
  if (advice.length === 0) return <p className="note">{t('advice.none')}</p>;
  return (
    <>
      <p className="note">{t('advice.intro', { count: advice.length })}</p>
      <ul className="advice-list">
        {advice.map((a) => (
          <AdviceItem key={JSON.stringify(a.change)} advice={a} />
        ))}
      </ul>
    </>
  );
}

/** What to change to save memory: worked out when opened (it prices every change on every line). */
export default function AdvicePanel() {
  const [open, setOpen] = useState(false);
  return (
    <section className="advice-panel" aria-label={t('advice.title')}>
      <h2>{t('advice.title')}</h2>
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {t(open ? 'advice.hide' : 'advice.show')}
      </button>
      {open && <AdviceList />}
      <AppliedAdviceList />
    </section>
  );
}
