import { parseBytes, parseCount, parseShare } from '../scenario/humanInput';
import { LIMITS } from '../scenario/schema';
import { usePlannerStore } from '../state/store';
import { formatCount, formatShare } from './format';
import { ParsedField } from './ParsedField';

/** The first workload's inputs: key count, key and value length, TTL share. */
export function WorkloadForm() {
  const workload = usePlannerStore((s) => s.scenario.workloads[0]!);
  const edit = usePlannerStore((s) => s.workloadEdited);
  return (
    <fieldset className="workload-form">
      <legend>String keys</legend>
      <ParsedField
        label="Keys"
        value={workload.keys}
        parse={(t) => parseCount(t, 'Keys', 0, LIMITS.keysPerWorkload)}
        describe={(v) => `${formatCount(v)} keys`}
        onValid={(keys) => edit(0, { keys })}
      />
      <ParsedField
        label="Key length (bytes)"
        value={workload.keyBytes}
        parse={(t) => parseBytes(t, 'Key length', 1, LIMITS.keyBytes)}
        describe={(v) => `${formatCount(v)} bytes`}
        onValid={(keyBytes) => edit(0, { keyBytes })}
      />
      <ParsedField
        label="Value length (bytes)"
        value={workload.valueBytes}
        parse={(t) => parseBytes(t, 'Value length', 0, LIMITS.valueBytes)}
        describe={(v) => `${formatCount(v)} bytes`}
        onValid={(valueBytes) => edit(0, { valueBytes })}
      />
      <ParsedField
        label="Keys with a TTL"
        value={workload.ttlFraction}
        initialText={formatShare(workload.ttlFraction)}
        parse={(t) => parseShare(t, 'TTL share')}
        describe={(v) => `${formatShare(v)} of keys expire`}
        onValid={(ttlFraction) => edit(0, { ttlFraction })}
      />
    </fieldset>
  );
}
