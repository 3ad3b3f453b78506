/**
 * The backplot of a program (cam/backplot.ts writes it as an SVG document): fetched from our
 * server with the session, checked, shown inline, with zoom (buttons, keys, mouse wheel around
 * the pointer) and panning (drag, arrow keys) by changing the SVG's viewBox.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import { fetchFile } from '../api/client.ts';
import { Spinner } from './Spinner.tsx';

interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Zoom step of the buttons and keys. */
const ZOOM_STEP = 1.5;
/** How far in and out the view may zoom, relative to the whole drawing. */
const MAX_ZOOM_IN = 500;
const MAX_ZOOM_OUT = 4;
/** Elements and attributes a backplot may contain: what cam/backplot.ts writes. */
const allowedElements = new Set(['svg', 'title', 'desc', 'g', 'path', 'rect', 'line', 'text']);

/**
 * A first check of the fetched text: an SVG document (our backplots start with `<svg`, without
 * an XML declaration) with no script element. `parseBackplot` checks every element after.
 */
export function checkBackplotText(text: string): boolean {
  const trimmed = text.trimStart();
  return trimmed.startsWith('<svg') && !/<script/i.test(trimmed);
}

/**
 * Parse and check a backplot: only the elements the generator writes, no event handler
 * attributes, no styles, no links. Returns the SVG element, or null when the document is not one.
 */
export function parseBackplot(text: string): SVGSVGElement | null {
  if (!checkBackplotText(text)) return null;
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root.localName !== 'svg' || root.namespaceURI !== 'http://www.w3.org/2000/svg') return null;
  if (parsed.getElementsByTagName('parsererror').length > 0) return null;
  for (const element of [root, ...Array.from(root.querySelectorAll('*'))]) {
    if (!allowedElements.has(element.localName)) return null;
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.localName.toLowerCase();
      if (name.startsWith('on') || name === 'style' || name === 'href') return null;
    }
  }
  return root as unknown as SVGSVGElement;
}

function readViewBox(svg: SVGSVGElement): ViewBox | null {
  const values = (svg.getAttribute('viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (values.length !== 4 || values.some((value) => !Number.isFinite(value))) return null;
  const [x, y, width, height] = values as [number, number, number, number];
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}

/** Load a backplot from our own server (same origin, with the session). */
async function loadBackplot(src: string): Promise<SVGSVGElement> {
  const url = new URL(src, window.location.href);
  if (url.origin !== window.location.origin) throw new Error('The backplot is not on this server');
  const text = await (await fetchFile(url.href)).text();
  const svg = parseBackplot(text);
  if (!svg || !readViewBox(svg)) throw new Error('The backplot is not a backplot SVG document');
  return svg;
}

interface Loaded {
  src: string;
  svg: SVGSVGElement | null;
}

/**
 * A program's backplot with zoom and pan.
 * @param src - the backplot's URL on our server (same origin)
 * @param title - what the backplot shows, for assistive technology and the toolbar
 */
export function Backplot({
  src,
  title = 'Backplot',
  className,
}: {
  src: string;
  title?: string;
  className?: string;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement | null>(null);
  const baseRef = useRef<ViewBox | null>(null);
  const viewRef = useRef<ViewBox | null>(null);
  const dragRef = useRef<{
    pointer: number;
    clientX: number;
    clientY: number;
    view: ViewBox;
    scale: number;
  } | null>(null);

  useEffect(() => {
    let current = true;
    loadBackplot(src).then(
      (svg) => {
        if (current) setLoaded({ src, svg });
      },
      (error: unknown) => {
        console.error('Could not load the backplot', error);
        if (current) setLoaded({ src, svg: null });
      },
    );
    return () => {
      current = false;
    };
  }, [src]);

  const state = loaded?.src === src ? loaded : null;
  const svg = state?.svg ?? null;
  const status = !state ? 'loading' : svg ? 'ready' : 'error';

  const show = useCallback((view: ViewBox) => {
    const element = svgRef.current;
    const base = baseRef.current;
    if (!element || !base) return;
    const width = Math.min(
      Math.max(view.width, base.width / MAX_ZOOM_IN),
      base.width * MAX_ZOOM_OUT,
    );
    const scale = width / view.width;
    const height = view.height * scale;
    // Keep the centre when the zoom was limited.
    const x = view.x + (view.width - width) / 2;
    const y = view.y + (view.height - height) / 2;
    viewRef.current = { x, y, width, height };
    element.setAttribute('viewBox', `${x} ${y} ${width} ${height}`);
  }, []);

  /** Zoom by `factor` (< 1 zooms in) keeping the user point (px, py) where it is. */
  const zoom = useCallback(
    (factor: number, at?: { x: number; y: number }) => {
      const view = viewRef.current;
      if (!view) return;
      const px = at?.x ?? view.x + view.width / 2;
      const py = at?.y ?? view.y + view.height / 2;
      show({
        x: px - (px - view.x) * factor,
        y: py - (py - view.y) * factor,
        width: view.width * factor,
        height: view.height * factor,
      });
    },
    [show],
  );

  const fit = useCallback(() => {
    if (baseRef.current) show(baseRef.current);
  }, [show]);

  const pan = useCallback(
    (fractionX: number, fractionY: number) => {
      const view = viewRef.current;
      if (!view) return;
      show({
        ...view,
        x: view.x + view.width * fractionX,
        y: view.y + view.height * fractionY,
      });
    },
    [show],
  );

  // Put the checked SVG into the page and make it fill the viewport.
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !svg) return;
    const element = document.importNode(svg, true);
    const base = readViewBox(element);
    element.removeAttribute('width');
    element.removeAttribute('height');
    element.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    host.replaceChildren(element);
    svgRef.current = element;
    baseRef.current = base;
    viewRef.current = base;
    return () => {
      host.replaceChildren();
      svgRef.current = null;
      baseRef.current = null;
      viewRef.current = null;
    };
  }, [svg]);

  // Mouse wheel zoom around the pointer (a native listener: React's wheel listener is passive
  // and could not stop the page from scrolling).
  useEffect(() => {
    const host = hostRef.current;
    if (!host || !svg) return;
    const onWheel = (event: WheelEvent) => {
      const element = svgRef.current;
      const matrix = element?.getScreenCTM();
      if (!element || !matrix) return;
      event.preventDefault();
      const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
      const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
      zoom(Math.exp(Math.max(-100, Math.min(100, pixels)) * 0.002), point);
    };
    host.addEventListener('wheel', onWheel, { passive: false });
    return () => host.removeEventListener('wheel', onWheel);
  }, [svg, zoom]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const view = viewRef.current;
    const matrix = svgRef.current?.getScreenCTM();
    if (!view || !matrix || event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = {
      pointer: event.pointerId,
      clientX: event.clientX,
      clientY: event.clientY,
      view,
      scale: matrix.a || 1,
    };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointer !== event.pointerId) return;
    show({
      ...drag.view,
      x: drag.view.x - (event.clientX - drag.clientX) / drag.scale,
      y: drag.view.y - (event.clientY - drag.clientY) / drag.scale,
    });
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (dragRef.current?.pointer === event.pointerId) dragRef.current = null;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const actions: Record<string, () => void> = {
      '+': () => zoom(1 / ZOOM_STEP),
      '=': () => zoom(1 / ZOOM_STEP),
      '-': () => zoom(ZOOM_STEP),
      '0': fit,
      ArrowLeft: () => pan(-0.1, 0),
      ArrowRight: () => pan(0.1, 0),
      ArrowUp: () => pan(0, -0.1),
      ArrowDown: () => pan(0, 0.1),
    };
    const action = actions[event.key];
    if (!action || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    action();
  };

  const ready = status === 'ready';
  return (
    <figure className={['backplot', className].filter(Boolean).join(' ')}>
      <div className="backplot-toolbar" role="toolbar" aria-label={`${title}: zoom`}>
        <button
          type="button"
          className="button small"
          disabled={!ready}
          onClick={() => zoom(1 / ZOOM_STEP)}
        >
          Zoom in
        </button>
        <button
          type="button"
          className="button small"
          disabled={!ready}
          onClick={() => zoom(ZOOM_STEP)}
        >
          Zoom out
        </button>
        <button type="button" className="button small" disabled={!ready} onClick={fit}>
          Fit
        </button>
      </div>
      {status === 'loading' ? (
        <div className="backplot-message">
          <Spinner label="Loading the backplot" /> Loading the backplot…
        </div>
      ) : null}
      {status === 'error' ? (
        <p className="form-error backplot-message" role="alert">
          The backplot could not be loaded.
        </p>
      ) : null}
      <div
        ref={hostRef}
        className="backplot-view"
        hidden={!ready}
        role="group"
        aria-label={`${title}. Drag to pan, scroll to zoom; keys: plus and minus zoom, arrows pan, 0 fits.`}
        tabIndex={ready ? 0 : -1}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
      />
      <figcaption className="visually-hidden">{title}</figcaption>
    </figure>
  );
}
