import { t, type MessageId, type MessageValues } from '../../i18n';
import type { FieldMessageId } from '../../scenario/workloadFields';

/** A text of the field specification in the page's language (its ids are checked against the catalogs by test). */
export function fieldText(id: FieldMessageId, values?: MessageValues): string {
  return t(id as MessageId, values);
}
