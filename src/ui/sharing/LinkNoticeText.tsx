import type { PageNotice } from '../../scenario/linkNotice';
import { pageNoticeMessage } from './linkNoticeMessages';

/** The words of a link's notice: loaded only when a link has one (src/ui/shell/Notice.tsx). */
export default function LinkNoticeText({ notice }: { notice: PageNotice }) {
  return <span>{pageNoticeMessage(notice)}</span>;
}
