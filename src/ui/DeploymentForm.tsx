import { useId } from 'react';
import { instanceTypes } from '../data/instanceTypes';
import { parseBytes, parseCount, parseDecimal } from '../scenario/humanInput';
import { LIMITS } from '../scenario/schema';
import { usePlannerStore, useResolvedScenario } from '../state/store';
import { formatCount } from '../format/count';
import { ParsedField } from './ParsedField';
import { useBytesFormatter } from './useUnits';
import { headroomMessages, reserveHint } from './deployment/messages';

/** Everything beside used_memory that decides the RAM to buy. */
export function DeploymentForm() {
  const d = useResolvedScenario().deployment;
  const edit = usePlannerStore((s) => s.deploymentEdited);
  const bytes = useBytesFormatter();
  const instanceId = useId();
  return (
    <fieldset className="deployment">
      <legend>Deployment</legend>
      <ParsedField
        label="Shards"
        value={d.shards}
        parse={(t) => parseCount(t, 'Shards', 1, LIMITS.shards)}
        onValid={(shards) => edit({ shards })}
      />
      <ParsedField
        label="Replicas per shard"
        value={d.replicas}
        parse={(t) => parseCount(t, 'Replicas', 0, LIMITS.replicasPerShard)}
        describe={(v) => (v === 0 ? 'no replicas' : `each replica holds the same ${v === 1 ? 'data' : 'data, ' + v + ' times'}`)}
        onValid={(replicas) => edit({ replicas })}
      />
      <ParsedField
        label="Fragmentation ratio (RSS / used_memory)"
        value={d.fragmentationRatio}
        parse={(t) =>
          parseDecimal(t, 'Fragmentation ratio', 1, LIMITS.fragmentationRatio, {
            belowMin: 'Fragmentation ratio is RSS / used_memory, at least 1',
            aboveMax: `Fragmentation ratio above ${LIMITS.fragmentationRatio} is a broken server, not a plan`,
          })
        }
        describe={() => 'an assumption: read yours as mem_fragmentation_ratio in INFO memory'}
        onValid={(fragmentationRatio) => edit({ fragmentationRatio })}
      />
      <ParsedField
        label={headroomMessages.headroomLabel}
        value={d.headroomPercent}
        parse={(t) => parseCount(t.replace('%', ''), 'Headroom', 0, LIMITS.headroomPercent)}
        describe={() => headroomMessages.headroomHint}
        onValid={(headroomPercent) => edit({ headroomPercent })}
      />
      <ParsedField
        label={headroomMessages.reserveLabel}
        value={d.reservedPercent}
        parse={(t) => parseCount(t.replace('%', ''), 'Provider reserve', 0, LIMITS.reservedPercent)}
        describe={(v) => (v === 0 ? headroomMessages.reserveNone : reserveHint(v))}
        onValid={(reservedPercent) => edit({ reservedPercent })}
      />
      <ParsedField
        label="Empty server (used_memory)"
        value={d.processBaselineBytes}
        parse={(t) => parseBytes(t, 'Empty server', 0, LIMITS.processBaselineBytes)}
        describe={(v) => `${bytes(v)} before any key (${formatCount(v)} B)`}
        onValid={(processBaselineBytes) => edit({ processBaselineBytes })}
      />
      <div className="field">
        <label htmlFor={instanceId}>Instance type</label>
        <select id={instanceId} value={d.instanceType} onChange={(e) => edit({ instanceType: e.target.value })}>
          {instanceTypes.types.map((t) => (
            <option key={t.id} value={t.id}>
              {t.id} — {t.memoryGiB} GiB ({t.offering})
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
