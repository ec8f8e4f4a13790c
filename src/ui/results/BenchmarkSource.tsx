import { Fragment } from 'react';
import { stringBenchmark } from '../../data/stringBenchmark';
import { formatLocale } from '../../format/locale';
import { t } from '../../i18n';

/**
 * Where the measured figures on the first screen come from, so that a newcomer knows what the
 * benchmark table and the "intro" figures are: the post's title, author, publisher and date (from
 * data/percona-string-benchmark.json), the title linking to the publisher's blog, where it is
 * published (the data holds the post's site, not its own address).
 */
const BLOG = 'https://www.percona.com/blog/';
/** Marks where the title goes in the sentence, so that each language places it where it reads. */
const TITLE_MARK = '\u0000';

export function BenchmarkSource() {
  const { title, author, publisher, date } = stringBenchmark.source;
  const written = new Intl.DateTimeFormat(formatLocale(), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T00:00:00Z`));
  const [before, after] = t('app.benchmarkSource', {
    title: TITLE_MARK,
    author: author ?? publisher,
    publisher,
    date: written,
  }).split(TITLE_MARK);
  return (
    <p className="benchmark-source">
      {before}
      <cite>
        <a href={BLOG} target="_blank" rel="noopener noreferrer">
          {title}
        </a>
      </cite>
      {after === undefined ? null : <Fragment>{after}</Fragment>}
    </p>
  );
}
