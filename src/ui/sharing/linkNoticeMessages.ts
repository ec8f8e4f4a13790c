import { formatCount } from '../../format/count';
import type { z } from '../../data/zod';
import { currentLocale, DEFAULT_LOCALE, t, type MessageId, type MessageValues } from '../../i18n';
import { schemaIssueText, type SchemaIssue } from '../../scenario/schemaIssue';
import { formatLimit } from '../common/inputProblemMessages';
import {
  joinIssues,
  type IssueList,
  type LinkError,
  type LinkNotice,
  type PageNotice,
  type WorkloadRef,
} from '../../scenario/linkNotice';

/** The reasons of the schema's own checks, each worded in the catalog. */
const CUSTOM_REASONS: Record<string, MessageId | undefined> = {
  intDigits: 'linkNotice.issue.intDigits',
  distribution: 'linkNotice.issue.distribution',
  fieldsNeeded: 'linkNotice.issue.fieldsNeeded',
  collectionsOnly: 'linkNotice.issue.collectionsOnly',
  hashOnly: 'linkNotice.issue.hashOnly',
  fieldBytesNeeded: 'linkNotice.issue.fieldBytesNeeded',
  notApplicable: 'linkNotice.issue.notApplicable',
  fieldNeeded: 'linkNotice.issue.fieldNeeded',
  listNodeSize: 'linkNotice.issue.listNodeSize',
  unknownInstance: 'linkNotice.issue.unknownInstance',
  ruleFiguresDiffer: 'linkNotice.issue.ruleFiguresDiffer',
  lineTwice: 'linkNotice.issue.lineTwice',
  nameTwice: 'linkNotice.issue.nameTwice',
};

/** What a schema issue says of its field, from the issue's code and figures, in the page's language. */
function findingMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      // A field left out reads the same: the issue does not carry its input.
      return t('linkNotice.issue.expected', { expected: issue.expected });
    case 'too_small':
    case 'too_big': {
      // The bounds the link's schemas have: a least value (0: not negative; 1 of a text or a
      // list: not empty; above 0), a most value, and a name's length.
      const small = issue.code === 'too_small';
      const limit = { limit: formatLimit(Number(small ? issue.minimum : issue.maximum)) };
      const counted = issue.origin === 'string' || issue.origin === 'array';
      if (!small) return t(issue.origin === 'string' ? 'linkNotice.issue.atMostCharacters' : 'linkNotice.issue.atMost', limit);
      if (issue.inclusive === false) return t('linkNotice.issue.above', limit);
      if (Number(issue.minimum) === (counted ? 1 : 0)) return t(counted ? 'linkNotice.issue.empty' : 'linkNotice.issue.negative');
      return t('linkNotice.issue.atLeast', limit);
    }
    case 'invalid_value':
      return t('linkNotice.issue.oneOf', { values: issue.values.join(', ') });
    case 'invalid_union':
      if ('options' in issue && issue.options) return t('linkNotice.issue.oneOf', { values: issue.options.join(', ') });
      break;
    case 'unrecognized_keys':
      return t('linkNotice.issue.unknownFields', { fields: issue.keys.join(', ') });
    case 'custom': {
      // The schema's own checks name their reason and its figures (src/scenario/schema.ts).
      const reason = CUSTOM_REASONS[String(issue.params?.reason)];
      if (reason) return t(reason, issue.params as MessageValues);
    }
  }
  return t('linkNotice.issue.notValid');
}

/**
 * A schema issue with the JSON field it names, kept as the link holds it. English shows the
 * schema's own message, as the command line does (its catalog copies stay out of the page:
 * src/i18n/catalogParts.ts); another language words the issue's finding, its figures written
 * that language's way.
 */
export function schemaIssueMessage(issue: SchemaIssue): string {
  if (currentLocale() === DEFAULT_LOCALE) return schemaIssueText(issue);
  const detail = findingMessage(issue.issue);
  return issue.path ? t('linkNotice.issue.atPath', { path: issue.path, detail }) : detail;
}

/** Each reason a link could not be read, in the catalog (English: linkErrorText). */
const ERRORS: Record<LinkError['code'], MessageId> = {
  noFormat: 'linkError.noFormat',
  newerFormat: 'linkError.newerFormat',
  unknownFormat: 'linkError.unknownFormat',
  noPayload: 'linkError.noPayload',
  tooLong: 'linkError.tooLong',
  badCharacters: 'linkError.badCharacters',
  tooBig: 'linkError.tooBig',
  doesNotUnpack: 'linkError.doesNotUnpack',
  notJson: 'linkError.notJson',
  noMigration: 'linkError.noMigration',
  noScenario: 'linkError.noScenario',
};

const issuesMessage = (list: IssueList) =>
  joinIssues(
    list,
    schemaIssueMessage,
    (count) => t('linkNotice.moreIssues', { count: formatCount(count) }),
    t('linkNotice.separator'),
  );
const workloadMessage = (w: WorkloadRef) =>
  t(w.isDefault ? 'linkNotice.defaultWorkload' : 'linkNotice.workload', { number: w.number });

function errorMessage(error: LinkError): string {
  if ('format' in error) return t(ERRORS[error.code], { format: error.format });
  if ('length' in error) return t(ERRORS[error.code], { length: error.length, limit: error.limit });
  return t(ERRORS[error.code]);
}

/** Each part of a link that could not be used, in the catalog (English: linkNoticeText). */
const NOTICES: Record<LinkNotice['code'], MessageId> = {
  workloadPartIgnored: 'linkNotice.workloadPartIgnored',
  workloadLeftOut: 'linkNotice.workloadLeftOut',
  settingIgnored: 'linkNotice.settingIgnored',
  unknownSetting: 'linkNotice.unknownSetting',
  viewSettingIgnored: 'linkNotice.viewSettingIgnored',
  noScenario: 'linkNotice.noScenario',
  noValidWorkload: 'linkNotice.noValidWorkload',
  viewNotSettings: 'linkNotice.viewNotSettings',
  scenarioBroken: 'linkNotice.scenarioBrokenBecause',
  workloadsPastLimit: 'linkNotice.workloadsPastLimit',
  moreProblems: 'linkNotice.moreProblems',
};

/** A notice's words: its workload and issues worded, its setting and counts as they are (a count chooses the plural). */
function noticeMessage(notice: LinkNotice): string {
  if (notice.code === 'scenarioBroken' && !notice.issues) return t('linkNotice.scenarioBroken');
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(notice)) {
    if (name === 'workload') values[name] = workloadMessage(value as WorkloadRef);
    else if (name === 'issues') values[name] = issuesMessage(value as IssueList);
    else values[name] = value as string | number;
  }
  return t(NOTICES[notice.code], values);
}

/** The notice after reading a link, in the page's language. */
export function pageNoticeMessage(notice: PageNotice): string {
  if ('error' in notice) return errorMessage(notice.error);
  return t('linkNotice.partsUnused', { parts: notice.notices.map(noticeMessage).join(t('linkNotice.separator')) });
}
