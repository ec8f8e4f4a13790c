import { useId } from 'react';
import type { NodeTypeComparison as Comparison, NodeTypeOption } from '../../model/plan';
import type { LineId } from '../../model';
import { formatList } from '../../format/list';
import { formatUsd } from '../../format/money';
import { formatGiB, formatPercent } from '../../format/quantities';
import { usePlannerStore } from '../../state/store';
import { lineLabel } from '../common/lineLabel';
import { TableScroll } from '../common/TableScroll';
import { t } from '../../i18n';

/**
 * Every node type that holds the plan, side by side: nodes and memory used per selected line,
 * money per month where the type is priced in the region, the cheapest marked. A click on a
 * type's button makes it the deployment's node type (one edit, so one undo step).
 */
export function NodeTypeComparison({ comparison, target }: { comparison: Comparison; target: LineId }) {
  const edit = usePlannerStore((s) => s.deploymentEdited);
  const headingId = useId();
  const caption = t('cost.nodeTypes.caption');
  const perLineHeader = t('cost.nodeTypes.perLine');
  const moneyHeader = t('cost.nodeTypes.perMonth', { target: lineLabel(target) });
  const typeHeader = t('cost.nodeTypes.type');
  const memoryHeader = t('cost.nodeTypes.memory');
  const pickHeader = t('cost.nodeTypes.pick');
  return (
    <section className="node-types" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('cost.nodeTypes.title')}</h3>
      <p className="note">
        {t('cost.nodeTypes.intro', {
          platform: t(comparison.platform === 'elasticache' ? 'cost.platform.elasticache' : 'cost.platform.ec2'),
          region: comparison.region,
          target: lineLabel(target),
        })}
      </p>
      {comparison.options.length === 0 ? (
        <p className="note warning" role="note">
          {t('cost.nodeTypes.none')}
        </p>
      ) : (
        <TableScroll label={caption}>
          <table className="data-table" aria-label={caption}>
            <thead>
              <tr>
                <th scope="col">{typeHeader}</th>
                <th scope="col">{memoryHeader}</th>
                <th scope="col">{perLineHeader}</th>
                <th scope="col">{moneyHeader}</th>
                <th scope="col">{pickHeader}</th>
              </tr>
            </thead>
            <tbody>
              {comparison.options.map((o) => (
                <tr key={o.instance.id} className={o.cheapest ? 'cheapest' : undefined}>
                  <th scope="row">
                    {o.instance.id}
                    {o.cheapest && <span className="cell-line">{t('cost.nodeTypes.cheapest')}</span>}
                  </th>
                  <td data-label={memoryHeader}>{formatGiB(o.instance.memoryGiB)}</td>
                  {/* One cell for every selected line, a line of text each: nine lines as columns would not fit. */}
                  <td data-label={perLineHeader}>
                    <span>
                      {o.lines.map((l) => (
                        <span key={l.version} className="cell-line">
                          {t('cost.nodeTypes.lineNodesUsed', {
                            version: lineLabel(l.version),
                            nodes: l.nodes,
                            used: formatPercent(l.memoryUsedPercent),
                          })}
                        </span>
                      ))}
                    </span>
                  </td>
                  <td data-label={moneyHeader}>{moneyText(o)}</td>
                  <td data-label={pickHeader}>
                    {o.current ? (
                      t('cost.nodeTypes.inUse')
                    ) : (
                      <button
                        type="button"
                        aria-label={t('cost.nodeTypes.useLabel', { instance: o.instance.id })}
                        onClick={() => edit({ instanceType: o.instance.id })}
                      >
                        {t('cost.nodeTypes.use')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
      {comparison.tooSmall.length > 0 && (
        <p className="note">{t('cost.nodeTypes.tooSmall', { types: formatList(comparison.tooSmall) })}</p>
      )}
    </section>
  );
}

function moneyText(o: NodeTypeOption): string {
  if (o.targetPerMonth === null) return t('cost.nodeTypes.noPrice');
  return o.price.origin === 'override'
    ? t('cost.nodeTypes.yourPrice', { money: formatUsd(o.targetPerMonth) })
    : formatUsd(o.targetPerMonth);
}
