import { describe, expect, it } from 'vitest';
import { backplotSvg, escapeXml, plotExtents } from '#cam/backplot';
import type { InterpreterEvent, MotionEvent, Point3 } from '#cam/gcode/events';
import type { PlotOutline } from '#cam/program';

const p = (x: number, y: number, z: number): Point3 => ({ x, y, z });

function move(
  kind: MotionEvent['kind'],
  from: Point3 | null,
  to: Point3,
  extra: Partial<MotionEvent> = {},
): MotionEvent {
  return {
    type: 'motion',
    line: 1,
    kind,
    from,
    to,
    tool: 1,
    spindle: { turning: 'cw', mode: 'rpm', speed: 1000, maxRpm: null },
    feed: 100,
    feedMode: 'per-min',
    coolant: false,
    ...extra,
  };
}

/** The d attribute of the path of one kind. */
function pathOf(svg: string, kind: string): string {
  const match = new RegExp(`<path data-kind="${kind}" d="([^"]*)"([^>]*)>`).exec(svg);
  expect(match, `a ${kind} path`).not.toBeNull();
  return match![1]!;
}

const square: PlotOutline = {
  plane: 'XY',
  polygons: [
    [
      { x: 0, y: 0 },
      { x: 40, y: 0 },
      { x: 40, y: 20 },
      { x: 0, y: 20 },
    ],
  ],
};

describe('backplotSvg', () => {
  it('draws rapids dashed and feeds solid, one path each, over the outline', () => {
    const events: InterpreterEvent[] = [
      move('rapid', null, p(-5, -5, 10)),
      move('rapid', p(-5, -5, 10), p(-5, -5, -2)),
      move('feed', p(-5, -5, -2), p(45, -5, -2)),
      move('feed', p(45, -5, -2), p(45, 25, -2)),
      move('arc', p(45, 25, -2), p(35, 35, -2), {
        arc: { center: p(35, 25, 0), clockwise: false, plane: 'XY' },
      }),
      move('rapid', p(35, 35, -2), p(35, 35, 10)),
      move('rapid', p(35, 35, 10), p(0, 0, 10)),
      { type: 'end', line: 9 },
    ];
    const svg = backplotSvg(events, square, { title: 'Plate <A&B>' });
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toMatch(/ width="\d+" height="\d+" viewBox="[-\d. ]+"/);
    expect(svg).toContain(
      'aria-label="Plate &lt;A&amp;B&gt;: 7 moves (4 rapid, 3 feed), XY plane"',
    );
    expect(svg).not.toContain('<A&B>');

    const rapid = /<path data-kind="rapid"[^>]*>/.exec(svg)![0];
    expect(rapid).toContain('stroke-dasharray');
    expect(rapid).toContain('vector-effect="non-scaling-stroke"');
    const feed = /<path data-kind="feed"[^>]*>/.exec(svg)![0];
    expect(feed).not.toContain('stroke-dasharray');
    expect(feed).toContain('vector-effect="non-scaling-stroke"');
    // Y up: y is written negated. The counter-clockwise arc is SVG sweep flag 0.
    expect(pathOf(svg, 'feed')).toBe('M-5 5L45 5L45 -25A10 10 0 0 0 35 -35');
    // The plunge (a point in XY) is not drawn; the retract neither; the rapid home is.
    expect(pathOf(svg, 'rapid')).toBe('M35 -35L0 0');
    expect(pathOf(svg, 'part')).toBe('M0 0L40 0L40 -20L0 -20Z');
    expect(svg.match(/<path data-kind="feed"/g)).toHaveLength(1);
    expect(svg).toContain('>Rapid</text>');
    expect(svg).toContain('>Feed</text>');
    expect(svg).toContain('>Part</text>');
    expect(svg).toMatch(/>\d+(\.\d+)? mm<\/text>/);
    // Deterministic.
    expect(backplotSvg(events, square, { title: 'Plate <A&B>' })).toBe(svg);
  });

  it('merges consecutive collinear feed moves', () => {
    const events = Array.from({ length: 10 }, (_, index) =>
      move('feed', p(index, 0, 0), p(index + 1, 0, 0)),
    );
    expect(pathOf(backplotSvg(events, square), 'feed')).toBe('M0 0L10 0');
  });

  it('draws lathes in XZ with Z across and X as a radius up', () => {
    const outline: PlotOutline = {
      plane: 'XZ',
      polygons: [
        [
          { x: 0, y: 0 },
          { x: 0, y: 10 },
          { x: -30, y: 10 },
          { x: -30, y: 0 },
        ],
      ],
    };
    const events: InterpreterEvent[] = [
      move('rapid', p(60, 0, 5), p(24, 0, 2)),
      move('feed', p(24, 0, 2), p(24, 0, -30)),
      // A clockwise quarter (X up, Z right): the corner radius from Ø24 Z-30 to Ø30 Z-33
      // around Ø30 Z-30.
      move('arc', p(24, 0, -30), p(30, 0, -33), {
        arc: { center: p(30, 0, -30), clockwise: true, plane: 'XZ' },
      }),
    ];
    const svg = backplotSvg(events, outline);
    expect(pathOf(svg, 'rapid')).toBe('M5 -30L2 -12');
    expect(pathOf(svg, 'feed')).toBe('M2 -12L-30 -12A3 3 0 0 1 -33 -15');
    expect(pathOf(svg, 'part')).toBe('M0 0L0 -10L-30 -10L-30 0Z');
    expect(svg).toContain('data-kind="axis"');
    expect(svg).toContain('XZ plane, X as a radius');
    expect(plotExtents(events, outline)).toEqual({ minH: -33, maxH: 5, minV: 0, maxV: 30 });
  });

  it('draws a full circle as two half arcs', () => {
    const circle = move('arc', p(10, 0, 0), p(10, 0, 0), {
      arc: { center: p(0, 0, 0), clockwise: true, plane: 'XY' },
    });
    expect(pathOf(backplotSvg([circle], square), 'feed')).toBe(
      'M10 0A10 10 0 0 1 -10 0A10 10 0 0 1 10 0',
    );
  });

  it('keeps a 1,000,000-move program under 5 MB', () => {
    function* events(): Generator<InterpreterEvent> {
      // A spiral of short moves (a pocket cleared in tiny steps), then a zigzag with rapids.
      let previous = p(50, 0, -1);
      for (let index = 1; index <= 700_000; index += 1) {
        const angle = index * 0.002;
        const radius = 50 - index * 0.00006;
        const next = p(radius * Math.cos(angle), radius * Math.sin(angle), -1);
        yield move('feed', previous, next, { line: index });
        previous = next;
      }
      for (let index = 0; index < 300_000; index += 1) {
        const next = p(index % 2 === 0 ? 60 : -60, -60 + index * 0.0004, -1);
        yield move(index % 7 === 0 ? 'rapid' : 'feed', previous, next, { line: 700_001 + index });
        previous = next;
      }
    }
    const svg = backplotSvg(events(), { plane: 'XY', polygons: [] }, { title: 'Big' });
    expect(svg.length).toBeLessThan(5_000_000);
    expect(svg).toContain('1000000 moves');
    expect(svg).toContain('simplified to');
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
  });
});

describe('escapeXml', () => {
  it('escapes markup characters', () => {
    expect(escapeXml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});

describe('the simulated part on the backplot', () => {
  it('is shaded, with what a lathe program leaves in amber and what it cuts away in red', async () => {
    const { generateLatheProgram } = await import('#cam/jobs/lathe');
    const { latheTooling, testParts } = await import('#tests/helpers/parts');
    const job = {
      description: testParts.threadedAdapter,
      material: '11SMnPb30',
      jobType: 'Lathe' as const,
      stock: { shape: 'round' as const, diameterMm: 30 },
      machine: {
        name: 'Lathe',
        serialNumber: 'S',
        manufacturer: 'M',
        model: 'L',
        controllerType: 'PathPilot',
        controllerModel: 'PathPilot',
        dialect: 'linuxcnc',
      },
      programVersion: 1,
    };
    const verified = generateLatheProgram({ ...job, tools: latheTooling });
    expect(verified.report.verified).toBe(true);
    const plotted = verified.report.simulated!;
    expect(plotted.left).toEqual([]);
    expect(plotted.gouged).toEqual([]);
    expect(plotted.part.length).toBeGreaterThan(0);
    const { backplotSvg: draw } = await import('#cam/backplot');
    const svg = draw([], { plane: 'XZ', polygons: [] }, { simulated: plotted });
    expect(pathOf(svg, 'simulated')).toMatch(/^M/);
    expect(svg).not.toContain('data-kind="left"');
    // Without a blade narrow enough, the Ø24 groove is left: the plot marks it.
    const wide = latheTooling.map((tool) =>
      /parting/i.test(tool.toolName)
        ? { ...tool, toolName: 'Parting blade 5 mm', toolDescription: 'Parting blade, 5 mm wide' }
        : tool,
    );
    const incomplete = generateLatheProgram({ ...job, tools: wide });
    expect(incomplete.report.verified).toBe(false);
    const left = incomplete.report.simulated!.left;
    expect(left.length).toBeGreaterThan(0);
    const grooveLeft = left.some((ring) =>
      ring.every((point) => point.x <= -29.9 && point.x >= -34.1 && point.y >= 11.9),
    );
    expect(grooveLeft).toBe(true);
    expect(
      pathOf(
        draw([], { plane: 'XZ', polygons: [] }, { simulated: incomplete.report.simulated! }),
        'left',
      ),
    ).toMatch(/^M/);
  });
});
