const SVG_NS = 'http://www.w3.org/2000/svg';

/** Presentation properties the page's stylesheet (and its dark theme) gives the chart. */
const STYLED = ['fill', 'stroke', 'stroke-width', 'stroke-dasharray', 'opacity', 'font-family', 'font-size', 'font-weight'];

const TITLE_HEIGHT = 28;

function setAttributes(element: Element, attributes: Record<string, string | number>) {
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
}

/**
 * A standalone SVG of a chart on the page, under its title: the stylesheet's colours (light or
 * dark theme, as shown) are written onto each element, since the file is opened without the
 * page's CSS, and the legend recharts draws in HTML beside the SVG is drawn into it.
 */
export function standaloneSvg(chart: SVGSVGElement, title: string): { svg: string; width: number; height: number } {
  const box = chart.getBoundingClientRect();
  const width = Math.round(box.width);
  const legend = chart.parentElement?.querySelector<HTMLElement>('.recharts-legend-wrapper');
  const legendItems = legend ? [...legend.querySelectorAll<HTMLElement>('.recharts-legend-item')] : [];
  const legendHeight = legendItems.length ? 24 : 0;
  const height = TITLE_HEIGHT + Math.round(box.height) + legendHeight;
  const copy = chart.cloneNode(true) as SVGSVGElement;
  const originals = [chart, ...chart.querySelectorAll('*')];
  const copies = [copy, ...copy.querySelectorAll('*')];
  originals.forEach((original, i) => {
    const style = getComputedStyle(original);
    const target = copies[i]!;
    for (const property of STYLED) {
      const value = style.getPropertyValue(property);
      if (value) target.setAttribute(property, value);
    }
    target.removeAttribute('class');
    target.removeAttribute('style');
  });
  // An image, not a widget: the page's keyboard role does not travel with it.
  copy.removeAttribute('role');
  copy.removeAttribute('tabindex');
  // The chart's own drawing moves down under the title.
  const drawing = document.createElementNS(SVG_NS, 'g');
  drawing.setAttribute('transform', `translate(0 ${TITLE_HEIGHT})`);
  drawing.append(...[...copy.childNodes]);
  copy.append(drawing);
  setAttributes(copy, { xmlns: SVG_NS, width, height, viewBox: `0 0 ${width} ${height}` });
  const page = getComputedStyle(chart.closest('.chart') ?? document.body);
  const background = document.createElementNS(SVG_NS, 'rect');
  const fill = page.backgroundColor === 'rgba(0, 0, 0, 0)' ? '#fff' : page.backgroundColor;
  setAttributes(background, { width: '100%', height: '100%', fill });
  const heading = document.createElementNS(SVG_NS, 'text');
  setAttributes(heading, { x: 16, y: 19, fill: page.color, 'font-family': page.fontFamily, 'font-size': 15, 'font-weight': 600 });
  heading.textContent = title;
  copy.prepend(background, heading);
  const legendTop = TITLE_HEIGHT + box.height;
  let x = 16;
  for (const item of legendItems) {
    // A bar's legend icon is filled, a line's is stroked.
    const icon = item.querySelector('svg path, svg rect, svg line');
    const iconStyle = icon ? getComputedStyle(icon) : null;
    const colour = iconStyle ? (iconStyle.fill && iconStyle.fill !== 'none' ? iconStyle.fill : iconStyle.stroke) : page.color;
    const mark = document.createElementNS(SVG_NS, 'rect');
    setAttributes(mark, { x, y: legendTop + 6, width: 12, height: 12, fill: colour });
    const label = document.createElementNS(SVG_NS, 'text');
    const text = item.textContent ?? '';
    setAttributes(label, { x: x + 16, y: legendTop + 16, fill: page.color, 'font-family': page.fontFamily, 'font-size': 12 });
    label.textContent = text;
    copy.append(mark, label);
    x += 28 + text.length * 7;
  }
  return { svg: new XMLSerializer().serializeToString(copy), width, height };
}

/** The SVG drawn on a canvas at `scale` times its size (2: sharp on high-density screens and in slides). */
export async function pngOf(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D canvas');
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the canvas gave no PNG'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
