import { formatCount } from '../format/count';
import { t, type MessageId } from '../i18n';
import {
  joinIssues,
  type IssueList,
  type LinkError,
  type LinkNotice,
  type PageNotice,
  type WorkloadRef,
} from '../scenario/linkNotice';

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

const issuesMessage = (list: IssueList) => joinIssues(list, (count) => t('linkNotice.moreIssues', { count: formatCount(count) }));
const workloadMessage = (w: WorkloadRef) =>
  t(w.isDefault ? 'linkNotice.defaultWorkload' : 'linkNotice.workload', { number: w.number });

function errorMessage(error: LinkError): string {
  if ('format' in error) return t(ERRORS[error.code], { format: error.format });
  if ('length' in error) return t(ERRORS[error.code], { length: formatCount(error.length), limit: formatCount(error.limit) });
  return t(ERRORS[error.code]);
}

function noticeMessage(notice: LinkNotice): string {
  switch (notice.code) {
    case 'workloadPartIgnored':
      return t('linkNotice.workloadPartIgnored', {
        workload: workloadMessage(notice.workload),
        issues: issuesMessage(notice.issues),
      });
    case 'workloadLeftOut':
      return t('linkNotice.workloadLeftOut', {
        workload: workloadMessage(notice.workload),
        issues: issuesMessage(notice.issues),
      });
    case 'settingIgnored':
      return t('linkNotice.settingIgnored', { setting: notice.setting, issues: issuesMessage(notice.issues) });
    case 'unknownSetting':
      return t('linkNotice.unknownSetting', { setting: notice.setting });
    case 'viewSettingIgnored':
      return t('linkNotice.viewSettingIgnored', { setting: notice.setting });
    case 'noScenario':
      return t('linkNotice.noScenario');
    case 'noValidWorkload':
      return t('linkNotice.noValidWorkload');
    case 'viewNotSettings':
      return t('linkNotice.viewNotSettings');
    case 'scenarioBroken':
      return notice.issues
        ? t('linkNotice.scenarioBrokenBecause', { issues: issuesMessage(notice.issues) })
        : t('linkNotice.scenarioBroken');
    case 'workloadsPastLimit':
      return t('linkNotice.workloadsPastLimit', { count: notice.count, limit: notice.limit });
    case 'moreProblems':
      return t('linkNotice.moreProblems', { count: notice.count });
  }
}

/** The notice after reading a link, in the page's language. */
export function pageNoticeMessage(notice: PageNotice): string {
  if ('error' in notice) return errorMessage(notice.error);
  return t('linkNotice.partsUnused', { parts: notice.notices.map(noticeMessage).join(t('linkNotice.separator')) });
}
