import { useId } from 'react';
import { providerRules } from '../../data/providerRules';
import { usePlannerStore, useResolved } from '../../state/store';
import { t, type MessageId } from '../../i18n';

const OWN = '';

/**
 * Each rule's name in the choice, short enough for the form's column in every language; the note
 * under the choice names the provider's setting in full (test/i18n checks every rule has one).
 */
export const RULE_LABELS: Record<string, MessageId> = {
  elasticache: 'deploymentForm.rule.elasticache',
  'azure-cache': 'deploymentForm.rule.azureCache',
  memorystore: 'deploymentForm.rule.memorystore',
  'self-managed': 'deploymentForm.rule.selfManaged',
};

/** A provider's rule for the reserve and headroom: choosing one fills both, and the note quotes its page. */
export function ProviderRuleField() {
  const chosen = usePlannerStore((s) => s.scenario.deployment?.providerRule);
  const d = useResolved((r) => r.deployment);
  const edit = usePlannerStore((s) => s.deploymentEdited);
  const id = useId();
  const rule = providerRules.rules.find((r) => r.id === chosen);
  return (
    <div className="field">
      <label htmlFor={id}>{t('deploymentForm.providerRule')}</label>
      <select
        id={id}
        value={rule?.id ?? OWN}
        aria-describedby={`${id}-note`}
        onChange={(e) =>
          e.target.value === OWN
            ? edit({ providerRule: undefined, reservedPercent: d.reservedPercent, headroomPercent: d.headroomPercent })
            : edit({ providerRule: e.target.value, reservedPercent: undefined, headroomPercent: undefined })
        }
      >
        <option value={OWN}>{t('deploymentForm.providerRuleOwn')}</option>
        {providerRules.rules.map((r) => (
          <option key={r.id} value={r.id}>
            {RULE_LABELS[r.id] ? t(RULE_LABELS[r.id]!) : r.provider}
          </option>
        ))}
      </select>
      <span className="field-note" id={`${id}-note`}>
        {rule ? (
          <>
            {t('deploymentForm.providerRuleNote', {
              setting: rule.setting,
              reserve: rule.reservedPercent,
              headroom: rule.headroomPercent,
            })}{' '}
            <q>{rule.quote}</q>{' '}
            <a href={rule.source.url} target="_blank" rel="noreferrer">
              {rule.source.title}
            </a>
            {t('deploymentForm.providerRuleRead', { publisher: rule.source.publisher, date: rule.source.retrieved })} {rule.note}
          </>
        ) : (
          t('deploymentForm.providerRuleOwnNote')
        )}
      </span>
    </div>
  );
}
