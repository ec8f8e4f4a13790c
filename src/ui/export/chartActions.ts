import { usePlannerStore } from '../../state/store';
import { pngOf, standaloneSvg } from './chartImage';
import { download, fileNameFor } from './download';

/** Downloads the chart drawn in `figure` as SVG or PNG; returns the file name, or null when no chart is drawn. */
export async function exportChart(figure: HTMLElement, fileWhat: string, format: 'svg' | 'png'): Promise<string | null> {
  const chart = figure.querySelector<SVGSVGElement>('.recharts-wrapper > svg.recharts-surface');
  if (!chart) return null;
  const title = figure.querySelector('h3')?.textContent ?? fileWhat;
  const { svg, width, height } = standaloneSvg(chart, title);
  const fileName = fileNameFor(usePlannerStore.getState().scenario.name, fileWhat, format);
  download(fileName, format === 'svg' ? new Blob([svg], { type: 'image/svg+xml' }) : await pngOf(svg, width, height));
  return fileName;
}
