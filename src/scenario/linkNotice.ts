import { formatCount } from '../format/count';
import { schemaIssueText, type SchemaIssue } from './schemaIssue';

/**
 * What went wrong reading a share link, as codes and the details they need, so the page can say
 * it in the reader's language (src/ui/sharing/linkNoticeMessages.ts) and any other caller in English
 * (the *Text functions below). A schema issue carries both the schema's English message for the
 * command line ("keys: keys cannot be negative") and the issue's code and figures, which the page
 * words (src/scenario/schemaIssue.ts); the JSON field it names stays as the link holds it.
 */

/** Why a link could not be read at all: the defaults are shown. */
export type LinkError =
  | { code: 'noFormat' | 'noPayload' | 'badCharacters' | 'tooBig' | 'doesNotUnpack' | 'notJson' | 'noScenario' }
  | { code: 'newerFormat' | 'unknownFormat' | 'noMigration'; format: number }
  | { code: 'tooLong'; length: number; limit: number };

/** The first few schema issues of a part, and how many more there were. */
export interface IssueList {
  issues: SchemaIssue[];
  more: number;
}

/** A workload of the link by its place (1-based), or of the defaults put in its stead. */
export interface WorkloadRef {
  number: number;
  isDefault: boolean;
}

/** A part of a link that was left out or ignored; the rest opened. */
export type LinkNotice =
  | { code: 'workloadPartIgnored' | 'workloadLeftOut'; workload: WorkloadRef; issues: IssueList }
  | { code: 'settingIgnored'; setting: string; issues: IssueList }
  | { code: 'unknownSetting' | 'viewSettingIgnored'; setting: string }
  | { code: 'noScenario' | 'noValidWorkload' | 'viewNotSettings' }
  | { code: 'scenarioBroken'; issues: IssueList | null }
  | { code: 'workloadsPastLimit'; count: number; limit: number }
  | { code: 'moreProblems'; count: number };

/** What the page shows after reading a link: why it could not, or the parts it could not use. */
export type PageNotice = { error: LinkError } | { notices: LinkNotice[] };

/** Schema issues are joined into one clause; past this many characters it is cut, its count kept. */
export const MAX_ISSUES_CHARS = 200;

/**
 * Issues worded by `word` and joined by `separator`, cut to MAX_ISSUES_CHARS; `more` words the
 * count of those not named.
 */
export function joinIssues(
  list: IssueList,
  word: (issue: SchemaIssue) => string,
  more: (count: number) => string,
  separator = '; ',
): string {
  const named = list.issues.map(word).join(separator);
  const clipped = named.length <= MAX_ISSUES_CHARS ? named : `${named.slice(0, MAX_ISSUES_CHARS - 1)}…`;
  return list.more > 0 ? `${clipped}${separator}${more(list.more)}` : clipped;
}

export function linkErrorText(error: LinkError): string {
  switch (error.code) {
    case 'noFormat':
      return 'This link has no valid format version; the defaults are shown.';
    case 'newerFormat':
      return `This link was made by a newer version of the planner (format ${error.format}); the defaults are shown.`;
    case 'unknownFormat':
      return `Link format ${error.format} does not exist; the defaults are shown.`;
    case 'noPayload':
      return 'This link has no scenario in it; the defaults are shown.';
    case 'tooLong':
      return `This link is too long (${error.length} characters; at most ${error.limit}); the defaults are shown.`;
    case 'badCharacters':
      return 'This link is damaged (characters that do not belong in it); the defaults are shown.';
    case 'tooBig':
      return 'This link unpacks to more data than any scenario needs; the defaults are shown.';
    case 'doesNotUnpack':
      return 'This link is damaged or cut off (it does not unpack); the defaults are shown.';
    case 'notJson':
      return 'This link is damaged (its contents are not valid JSON); the defaults are shown.';
    case 'noMigration':
      return `No migration from link format ${error.format}; the defaults are shown.`;
    case 'noScenario':
      return 'This link holds no scenario; the defaults are shown.';
  }
}

const issuesText = (list: IssueList) => joinIssues(list, schemaIssueText, (n) => `and ${formatCount(n, 'en')} more`);
const workloadText = (w: WorkloadRef) => `${w.isDefault ? 'default workload' : 'workload'} ${w.number}`;

export function linkNoticeText(notice: LinkNotice): string {
  switch (notice.code) {
    case 'workloadPartIgnored':
      return `${workloadText(notice.workload)}: ignored ${issuesText(notice.issues)}`;
    case 'workloadLeftOut':
      return `left out ${workloadText(notice.workload)}: ${issuesText(notice.issues)}`;
    case 'settingIgnored':
      return `ignored ${notice.setting}: ${issuesText(notice.issues)}`;
    case 'unknownSetting':
      return `ignored unknown setting "${notice.setting}"`;
    case 'viewSettingIgnored':
      return `ignored display setting "${notice.setting}"`;
    case 'noScenario':
      return 'the link holds no scenario: opened the defaults';
    case 'noValidWorkload':
      return 'no valid workload in the link: opened the default workload';
    case 'viewNotSettings':
      return 'ignored the display settings: not a set of named settings';
    case 'scenarioBroken':
      return notice.issues
        ? `the scenario did not hold together (${issuesText(notice.issues)}): opened the defaults`
        : 'the scenario did not hold together: opened the defaults';
    case 'workloadsPastLimit':
      return `left out ${notice.count} ${notice.count === 1 ? 'workload' : 'workloads'} past the limit of ${notice.limit}`;
    case 'moreProblems':
      return `and ${formatCount(notice.count, 'en')} more ${notice.count === 1 ? 'problem' : 'problems'}`;
  }
}

/** The notice in English, as the page shows it in English. */
export function pageNoticeText(notice: PageNotice): string {
  if ('error' in notice) return linkErrorText(notice.error);
  return `Parts of this link could not be used: ${notice.notices.map(linkNoticeText).join('; ')}.`;
}
