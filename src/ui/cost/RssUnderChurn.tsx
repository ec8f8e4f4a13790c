import type { Workload } from '../../scenario/schema';
import type { LineRss } from '../../model/churn';
import { DEFAULT_CHURN_DAYS } from '../../scenario/resolveChurn';
import { parseBytes, parseDecimal } from '../../scenario/humanInput';
import { LIMITS } from '../../scenario/limits';
import { rssOf } from '../../state/churnEstimate';
import { usePlannerStore } from '../../state/store';
import { formatShare } from '../../format/quantities';
import { formatCount } from '../../format/count';
import { t } from '../../i18n';
import { useDeferredScenario } from '../common/deferredScenario';
import { lineLabel } from '../common/lineLabel';
import { ParsedField } from '../common/ParsedField';
import { PercentField } from '../common/PercentField';
import { useBytesFormatter } from '../common/useUnits';

/**
 * Churn of each string workload as an input, and each line's modelled RSS per node with the
 * fragmentation it implies, the size classes behind it and what would free nodes.
 */
export function RssUnderChurn() {
  const scenario = useDeferredScenario();
  const strings = scenario.workloads.filter((w) => w.type === 'string');
  const lines = rssOf(scenario);
  if (strings.length === 0) return null;
  return (
    <section className={lines ? 'rss-under-churn' : 'rss-under-churn no-churn'} aria-labelledby="rss-title">
      <h3 id="rss-title">{t('rss.title')}</h3>
      <p className="note">{t('rss.intro')}</p>
      {strings.map((w) => (
        <ChurnFields key={w.name} workload={w} />
      ))}
      <ActivedefragField />
      {lines && <RssLines lines={lines} />}
    </section>
  );
}

function ChurnFields({ workload }: { workload: Workload }) {
  // The fields follow the store as typed, the figures the deferred scenario.
  const churn = usePlannerStore((s) => s.scenario.churn?.find((c) => c.workload === workload.name));
  const edit = usePlannerStore((s) => s.churnEdited);
  const set = (patch: Parameters<typeof edit>[1]) => edit(workload.name, patch);
  // Left empty: the new keys have the loaded keys' sizes (the scenario leaves newValueBytes out).
  const newValueBytes = typeof churn?.newValueBytes === 'number' ? churn.newValueBytes : null;
  return (
    <fieldset className="churn">
      <legend>{t('rss.churnOf', { workload: workload.name })}</legend>
      <PercentField
        label={t('rss.replacedPerDay')}
        value={churn?.replacedPerDay ?? 0}
        scale="share"
        min={0}
        max={100}
        onValid={(replacedPerDay) => set({ replacedPerDay })}
      />
      <ParsedField
        label={t('rss.days')}
        value={churn?.days ?? DEFAULT_CHURN_DAYS}
        parse={(text) => parseDecimal(text, t('rss.days'), 0, LIMITS.churnDays)}
        onValid={(days) => set({ days })}
      />
      <ParsedField
        label={t('rss.newValueBytes')}
        value={newValueBytes}
        toText={(bytes) => (bytes === null ? '' : String(bytes))}
        parse={(text) =>
          text.trim() === '' ? { ok: true as const, value: null } : parseBytes(text, t('rss.newValueBytes'), 1, LIMITS.valueBytes)
        }
        describe={(bytes) => (bytes === null ? t('rss.newValueSame') : '')}
        onValid={(bytes) => set({ newValueBytes: bytes ?? undefined })}
      />
      <PercentField
        label={t('rss.deletedShare')}
        value={churn?.deletedShare ?? 0}
        scale="share"
        min={0}
        max={100 - 100 * (churn?.rewrittenShare ?? 0)}
        onValid={(deletedShare) => set({ deletedShare })}
      />
      <PercentField
        label={t('rss.rewrittenShare')}
        value={churn?.rewrittenShare ?? 0}
        scale="share"
        min={0}
        max={100 - 100 * (churn?.deletedShare ?? 0)}
        onValid={(rewrittenShare) => set({ rewrittenShare })}
      />
      <ParsedField
        label={t('rss.rewriteFactor')}
        value={churn?.rewriteFactor ?? 1}
        parse={(text) => parseDecimal(text, t('rss.rewriteFactor'), 0.01, LIMITS.rewriteFactor)}
        onValid={(rewriteFactor) => set({ rewriteFactor })}
      />
      {churn && (
        <button type="button" onClick={() => edit(workload.name, null)}>
          {t('rss.clear')}
        </button>
      )}
    </fieldset>
  );
}

/** activedefrag on the servers: a deployment setting, which the model counts where the build has it. */
function ActivedefragField() {
  const on = usePlannerStore((s) => s.scenario.deployment?.activedefrag === true);
  const edit = usePlannerStore((s) => s.deploymentEdited);
  return (
    <div className="activedefrag">
      <label className="checkbox">
        <input type="checkbox" checked={on} onChange={(e) => edit({ activedefrag: e.target.checked ? true : undefined })} />{' '}
        {t('rss.activedefrag')}
      </label>
      <p className="note">{t('rss.activedefragHint')}</p>
    </div>
  );
}

function RssLines({ lines }: { lines: LineRss[] }) {
  const bytes = useBytesFormatter();
  const deploymentEdited = usePlannerStore((s) => s.deploymentEdited);
  const ratio = (x: number) => x.toFixed(2);
  return (
    <ul className="rss-lines">
      {lines.map((l) => {
        const version = lineLabel(l.line);
        if (l.notModelled)
          return (
            <li key={l.line}>
              {t(l.notModelled === 'allocator' ? 'rss.notModelledAllocator' : 'rss.notModelledCollections', {
                version,
                ratio: ratio(l.ratioUsed),
              })}
              {l.activedefrag === 'unavailable' && <> {t('rss.defragUnavailable', { version })}</>}
            </li>
          );
        const nodes = l.deployment.nodes;
        return (
          <li key={l.line}>
            <p>
              {t('rss.perNode', {
                version,
                rss: bytes(l.rssPerNodeBytes),
                used: bytes(l.usedMemoryPerNodeBytes),
                ratio: ratio(l.impliedRatio),
                fresh: bytes(l.freshRssPerNodeBytes),
              })}{' '}
              {l.ratioSource === 'typed' ? (
                <>
                  {t('rss.ratioTyped', { ratio: String(l.ratioUsed) })}{' '}
                  <button type="button" onClick={() => deploymentEdited({ fragmentationRatio: undefined })}>
                    {t('rss.useModelled')}
                  </button>
                </>
              ) : (
                t('rss.ratioModelled', { ratio: ratio(l.ratioUsed) })
              )}
            </p>
            {l.emptiestClasses.length > 0 && (
              <p className="rss-why">
                {/* With activedefrag the classes' empty space is what a pass starts from, not what the plan holds. */}
                {t(l.activedefrag === 'on' ? 'rss.whyWithoutDefrag' : 'rss.why')}{' '}
                {l.emptiestClasses
                  .map((c) =>
                    t('rss.whyClass', {
                      size: formatCount(c.classBytes),
                      empty: bytes(c.emptyBytesPerNode),
                      occupancy: formatShare(c.occupancy),
                    }),
                  )
                  .join('; ')}
              </p>
            )}
            {l.activedefrag === 'on' && (
              <p className="note">
                {t('rss.defragOn', { rss: bytes(l.rssPerNodeBytes), without: bytes(l.rssWithoutDefragPerNodeBytes) })}
              </p>
            )}
            {l.activedefrag === 'unavailable' && <p className="note warning">{t('rss.defragUnavailable', { version })}</p>}
            {l.nodesWhenFresh < nodes && l.activedefrag !== 'on' && (
              <p className="note">
                {t(l.activedefragAvailable ? 'rss.adviceDefrag' : 'rss.adviceRestart', { nodes: l.nodesWhenFresh, now: nodes })}
              </p>
            )}
            {l.nodesWithLoadedSizes !== null && l.nodesWithLoadedSizes < nodes && (
              <p className="note">{t('rss.adviceSizes', { nodes: l.nodesWithLoadedSizes, now: nodes })}</p>
            )}
          </li>
        );
      })}
      <li className="note">{t('rss.defragMeasured')}</li>
    </ul>
  );
}
