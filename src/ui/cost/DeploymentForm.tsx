import { useId } from 'react';
import { instanceTypes } from '../../data/instanceTypes';
import { PLATFORMS } from '../../data/vocabulary';
import { parseBytes, parseCount, parseDecimal } from '../../scenario/humanInput';
import { LIMITS } from '../../scenario/limits';
import { usePlannerStore, useResolved } from '../../state/store';
import { ParsedField } from '../common/ParsedField';
import { PercentField } from '../common/PercentField';
import { ProviderRuleField } from './ProviderRuleField';
import { useBytesFormatter } from '../common/useUnits';
import { formatExactBytes, formatGiB } from '../../format/quantities';
import { t, type MessageId } from '../../i18n';
import { dataText } from '../common/dataText';
import { formatLimit } from '../common/inputProblemMessages';

/** Each offering of data/instance-types.json in the catalog, by the offering as the file writes it (test/i18n checks each has one). */
export const OFFERING_TEXTS: Record<string, MessageId> = {
  'EC2 (self-managed)': 'deploymentForm.offering.ec2SelfManaged',
  ElastiCache: 'deploymentForm.offering.elastiCache',
};

/** Everything beside used_memory that decides the RAM to buy. */
export function DeploymentForm() {
  const d = useResolved((r) => r.deployment);
  const edit = usePlannerStore((s) => s.deploymentEdited);
  const bytes = useBytesFormatter();
  const instanceId = useId();
  return (
    <fieldset className="deployment">
      <legend>{t('deployment.title')}</legend>
      <ParsedField
        label={t('deployment.shards')}
        value={d.shards}
        parse={(text) => parseCount(text, t('deployment.shards'), 1, LIMITS.shards)}
        onValid={(shards) => edit({ shards })}
      />
      <ParsedField
        label={t('deploymentForm.replicas')}
        value={d.replicas}
        parse={(text) => parseCount(text, t('deploymentForm.replicas'), 0, LIMITS.replicasPerShard)}
        describe={(v) => t('deploymentForm.replicasNote', { count: v })}
        onValid={(replicas) => edit({ replicas })}
      />
      <ParsedField
        label={t('deploymentForm.fragmentation')}
        value={d.fragmentationRatio}
        parse={(text) =>
          parseDecimal(text, t('deploymentForm.fragmentation'), 1, LIMITS.fragmentationRatio, {
            belowMin: { code: 'fragmentationBelowOne' },
            aboveMax: { code: 'fragmentationBroken', limit: LIMITS.fragmentationRatio },
          })
        }
        describe={() => t('deploymentForm.fragmentationNote')}
        onValid={(fragmentationRatio) => edit({ fragmentationRatio })}
      />
      <ProviderRuleField />
      <PercentField
        label={t('deploymentForm.headroom')}
        value={d.headroomPercent}
        scale="percent"
        min={0}
        max={LIMITS.headroomPercent}
        describe={() => t('deploymentForm.headroomNote')}
        onValid={(headroomPercent) => edit({ headroomPercent })}
      />
      <PercentField
        label={t('deploymentForm.reserve')}
        value={d.reservedPercent}
        scale="percent"
        min={0}
        max={LIMITS.reservedPercent}
        describe={(v) =>
          v === 0 ? t('deploymentForm.reserveNone') : t('deploymentForm.reserveNote', { percent: formatLimit(v) })
        }
        onValid={(reservedPercent) => edit({ reservedPercent })}
      />
      <ParsedField
        label={t('deploymentForm.emptyServer')}
        value={d.processBaselineBytes}
        parse={(text) => parseBytes(text, t('deploymentForm.emptyServer'), 0, LIMITS.processBaselineBytes)}
        describe={(v) => t('deploymentForm.emptyServerNote', { size: bytes(v), exact: formatExactBytes(v) })}
        onValid={(processBaselineBytes) => edit({ processBaselineBytes })}
      />
      <div className="field">
        <label htmlFor={instanceId}>{t('deploymentForm.instanceType')}</label>
        <select id={instanceId} value={d.instanceType} onChange={(e) => edit({ instanceType: e.target.value })}>
          {/* One group per platform, its name once as the group's label: an option names its type and memory,
              which fits the narrow column in every language ("cache.r7g.xlarge (26.32 GiB)"). */}
          {PLATFORMS.map((platform) => {
            const types = instanceTypes.types.filter((type) => type.platform === platform);
            return (
              <optgroup key={platform} label={dataText(OFFERING_TEXTS[types[0]!.offering], types[0]!.offering)}>
                {types.map((type) => (
                  <option key={type.id} value={type.id}>
                    {t('deploymentForm.instance', { id: type.id, memory: formatGiB(type.memoryGiB) })}
                  </option>
                ))}
              </optgroup>
            );
          })}
        </select>
      </div>
    </fieldset>
  );
}
