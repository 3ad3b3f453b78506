/**
 * What the CAM core understands of a machine's tool rows, said when a row is saved and on the
 * machine's Tooling Pairs page, so a shop learns at entry (not at generation) what a program
 * can use: each row read as the planners read it (lathe: cam/lathe/tooling.ts and
 * cam/lathe/cutters.ts; mill: cam/mill/tooling.ts; wire: cam/wire/tooling.ts; sinker:
 * cam/sinker/tooling.ts), and per job type the operations the tools can do and what is missing.
 *
 * Nothing here decides anything the planners do not: the words, defaults and ratings are the
 * planners' own (their sources are in those files and docs/decisions/019-verified-means-complete.md).
 * It reads the tooling of every kind, so it stands in cam/jobs/ above them.
 */
import type { JobType } from '#contracts/job-types';
import { insertGeometryFrom, latheCutterOf } from '../lathe/cutters.ts';
import { classifyTool } from '../lathe/tooling.ts';
import type { LatheTool } from '../lathe/tooling.ts';
import { fluteLengthOf } from '../mill/cutting-data.ts';
import type { MillTool } from '../mill/program.ts';
import { classifyMillTool } from '../mill/tooling.ts';
import { electrodesFromTools } from '../sinker/tooling.ts';
import { toolNumberOf } from '../tool-row.ts';
import type { ToolRow } from '../tool-row.ts';
import { isWireRow, wireDiameterFrom, wireMaterialFrom } from '../wire/tooling.ts';

/** One tool row as the CAM reads it for a job type. */
export interface ToolReading {
  /** False when no program of this job type will use the row as it is written. */
  usable: boolean;
  /** What was understood ("External turning insert CNMG 120408: ..."), or why it cannot be used and an example. */
  summary: string;
}

/** What a machine's tools can do for its job type. */
export interface ToolingReadiness {
  jobType: JobType;
  /** Operations the tools can do, each naming its tools ("Cut the part off: T4 parting blade 3 mm"). */
  can: string[];
  /** What is missing, each with what to add ("No parting blade: ... add a tool of type Cutting ..."). */
  missing: string[];
}

const round = (value: number, digits = 3) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

const slotProblem = (row: ToolRow) =>
  `The slot "${row.slotNumber}" is not T and a number, so programs cannot call this tool. Use a slot such as T1.`;

// ---------------------------------------------------------------------------------------------
// Lathe

const latheTypesHelp =
  "Lathe programs use tools of type Turning or Facing (external turning: write the ISO insert code, for example 'CNMG 120408'), Boring (boring bars), Drilling (twist and centre drills with their diameter, for example 'Drill Ø8.5'), Cutting (parting blades with their width, for example 'Parting blade 3 mm wide'; 'groove' in the name for a grooving blade) and a Turning or Cutting tool with 'thread' in its name for threading.";

function insertSummary(tool: LatheTool, text: string, what: string): string {
  const insert = insertGeometryFrom(text, tool.noseRadiusMm);
  const cutter = latheCutterOf(tool);
  const rating = cutter?.rating;
  const ratingText =
    rating?.maxDepthOfCutMm !== undefined && rating.maxFeedPerRevMm !== undefined
      ? `; roughs at most ap ${rating.maxDepthOfCutMm} mm and f ${rating.maxFeedPerRevMm} mm/rev`
      : '';
  if (insert) {
    const shape = insert.letter === 'R' ? 'round' : `${insert.noseAngleDeg}°`;
    return `${what}: ISO ${insert.letter} insert (${shape}), ${round(insert.edgeLengthMm, 1)} mm edge, nose radius ${insert.noseRadiusMm} mm, in a ${insert.enteringAngleDeg}° holder${ratingText}.`;
  }
  const nose = tool.noseRadiusMm ?? 0.4;
  return `${what}, nose radius ${nose} mm${tool.noseRadiusMm === undefined ? ' (assumed: none is written)' : ''}. No ISO insert code is written, so an 80° rhombic 12 mm insert is assumed${ratingText}; write the code (for example 'CNMG 120408') for the real ratings.`;
}

function readLatheRow(row: ToolRow): { tool: LatheTool; reading: ToolReading } {
  const tool = classifyTool(row);
  const text = `${row.toolName} ${row.toolDescription} ${row.toolHint}`;
  const read = (usable: boolean, summary: string) => ({ tool, reading: { usable, summary } });
  if (toolNumberOf(row.slotNumber) === undefined) return read(false, slotProblem(row));
  const duty = tool.duty ? ` (${tool.duty === 'rough' ? 'roughing' : 'finishing'} only)` : '';
  switch (tool.kind) {
    case 'turning':
      return read(true, insertSummary(tool, text, `External turning tool${duty}`));
    case 'boring': {
      const bore =
        tool.minBoreMm !== undefined
          ? ` It enters bores from Ø${tool.minBoreMm} mm.`
          : " Its smallest bore is not written ('min bore Ø16'), so it is not checked.";
      return read(true, `${insertSummary(tool, text, `Boring bar${duty}`)}${bore}`);
    }
    case 'grooving':
    case 'parting': {
      const what = tool.kind === 'parting' ? 'Parting (cut-off) blade' : 'Grooving blade';
      if (tool.widthMm === undefined)
        return read(
          false,
          `${what}, but its width is not in its name or description, so programs cannot use it. Write it, for example '${tool.kind === 'parting' ? 'Parting blade 3 mm wide' : 'Grooving blade 2 mm wide'}'.`,
        );
      const reach = latheCutterOf(tool)?.rating.reachMm;
      return read(
        true,
        `${what} ${tool.widthMm} mm wide${reach !== undefined ? `, cuts ${round(reach, 1)} mm deep` : ''}.`,
      );
    }
    case 'drill':
    case 'centreDrill': {
      const what = tool.kind === 'drill' ? 'Twist drill' : 'Centre drill';
      if (tool.diameterMm === undefined)
        return read(
          false,
          `${what}, but its diameter is not in its name or description, so programs cannot use it. Write it, for example 'Drill Ø8.5'.`,
        );
      const rating = latheCutterOf(tool)?.rating;
      return read(
        true,
        tool.kind === 'drill'
          ? `Twist drill Ø${tool.diameterMm} mm, flute length ${rating?.reachMm ?? '?'} mm${/flute/i.test(text) ? '' : ' (DIN 338 jobber, none is written)'}.`
          : `Centre drill, pilot Ø${tool.diameterMm} mm.`,
      );
    }
    case 'threading':
      return read(true, 'Threading tool (60° profile): cuts external threads.');
    case 'chamfer':
      return read(
        false,
        'Chamfer tool: lathe programs turn chamfers with the turning tools and do not use it.',
      );
    default:
      if (row.toolType === 'Drilling')
        return read(
          false,
          'A reamer or tap: lathe programs do not ream or tap, and never drill with these. It is not used.',
        );
      return read(
        false,
        `Lathe programs cannot use a tool of type ${row.toolType} named like this. ${latheTypesHelp}`,
      );
  }
}

const listed = (tools: { label: string }[]) => tools.map((tool) => tool.label).join(', ');

function latheReadiness(rows: ToolRow[]): ToolingReadiness {
  const tools = rows
    .map((row) => readLatheRow(row))
    .filter((entry) => entry.reading.usable)
    .map((entry) => entry.tool);
  const ofKind = (...kinds: LatheTool['kind'][]) =>
    tools.filter((tool) => kinds.includes(tool.kind));
  const can: string[] = [];
  const missing: string[] = [];
  const turning = ofKind('turning');
  if (turning.length > 0) can.push(`Face, rough and finish the outside: ${listed(turning)}`);
  else
    missing.push(
      "No external turning tool: every lathe program faces and turns with one. Add a tool of type Turning with its ISO insert code, for example 'CNMG 120408'.",
    );
  const parting = ofKind('parting');
  if (parting.length > 0) can.push(`Cut the part off: ${listed(parting)}`);
  else
    missing.push(
      "No parting blade: parts are made from a sawn blank in two setups, the sawn end faced off in the second, instead of parted off the bar. Add a tool of type Cutting named with its width, for example 'Parting blade 3 mm wide'.",
    );
  const blades = ofKind('grooving', 'parting');
  if (blades.length > 0) can.push(`Cut grooves, recesses and undercuts: ${listed(blades)}`);
  const drills = ofKind('drill');
  if (drills.length > 0)
    can.push(
      `Drill bores: ${drills.map((tool) => `Ø${tool.diameterMm}`).join(', ')} mm (${listed(drills)})`,
    );
  else
    missing.push(
      "No twist drill: bores are left undone. Add a tool of type Drilling with its diameter, for example 'Drill Ø8.5'.",
    );
  const bars = ofKind('boring');
  if (bars.length > 0) can.push(`Bore to size: ${listed(bars)}`);
  else
    missing.push(
      'No boring bar: only bores a drill makes to size can be made. Add a tool of type Boring.',
    );
  const threading = ofKind('threading');
  if (threading.length > 0) can.push(`Cut external threads: ${listed(threading)}`);
  else
    missing.push(
      "No threading tool: threads are left undone. Add a tool of type Turning with 'thread' in its name, for example 'Threading insert 16ER AG60'.",
    );
  return { jobType: 'Lathe', can, missing };
}

// ---------------------------------------------------------------------------------------------
// Milling

const millKindWords: Record<MillTool['kind'], string> = {
  faceMill: 'Face mill',
  endMill: 'End mill',
  drill: 'Twist drill',
  spotDrill: 'Spot or centre drill',
  tap: 'Tap',
  reamer: 'Reamer',
  boringHead: 'Boring head',
  chamferMill: 'Chamfer mill',
  countersink: 'Countersink',
  other: 'Tool',
};

function readMillRow(row: ToolRow): { tool: MillTool; reading: ToolReading } {
  const tool = classifyMillTool(row);
  const read = (usable: boolean, summary: string) => ({ tool, reading: { usable, summary } });
  if (toolNumberOf(row.slotNumber) === undefined) return read(false, slotProblem(row));
  const what = millKindWords[tool.kind];
  if (tool.kind === 'other')
    return read(
      false,
      `Milling programs cannot use a tool of type ${row.toolType} named like this. Name what it is and its size, for example 'End mill Ø10 4FL LOC 22', 'Drill Ø6.8', 'Tap M8x1.25', 'Reamer Ø8 H7', 'Face mill Ø50 5 inserts' or 'Spot drill Ø10 90°'.`,
    );
  if (tool.kind === 'boringHead') return read(true, `${what}: bores holes to size.`);
  if (tool.diameterMm === undefined)
    return read(
      false,
      `${what}, but its diameter is not in its name or description, so programs cannot use it. Write it, for example '${tool.kind === 'tap' ? 'Tap M8x1.25' : `${what} Ø10`}'.`,
    );
  const parts: string[] = [
    tool.kind === 'tap' && tool.pitchMm !== undefined
      ? `${what} M${tool.diameterMm}x${tool.pitchMm}`
      : `${what} Ø${tool.diameterMm} mm`,
  ];
  if (tool.flutes !== undefined)
    parts.push(`${tool.flutes} ${tool.kind === 'faceMill' ? 'inserts' : 'flutes'}`);
  parts.push(
    `${tool.kind === 'faceMill' ? 'cutting edge' : 'flute length'} ${round(fluteLengthOf(tool), 1)} mm${tool.fluteLengthMm === undefined ? ' (assumed: none is written)' : ''}`,
  );
  if (tool.toolMaterial) parts.push(tool.toolMaterial === 'hss' ? 'HSS' : 'carbide');
  return read(true, `${parts.join(', ')}.`);
}

function millReadiness(rows: ToolRow[]): ToolingReadiness {
  const tools = rows
    .map((row) => readMillRow(row))
    .filter((entry) => entry.reading.usable)
    .map((entry) => entry.tool);
  const ofKind = (kind: MillTool['kind']) => tools.filter((tool) => tool.kind === kind);
  const sizes = (list: MillTool[]) =>
    list
      .map((tool) =>
        tool.kind === 'tap' && tool.pitchMm
          ? `M${tool.diameterMm}x${tool.pitchMm}`
          : `Ø${tool.diameterMm}`,
      )
      .join(', ');
  const can: string[] = [];
  const missing: string[] = [];
  const endMills = ofKind('endMill');
  const faceMills = ofKind('faceMill');
  if (faceMills.length + endMills.length > 0)
    can.push(`Face the top: ${listed([...faceMills, ...endMills.slice(0, 1)])}`);
  if (endMills.length > 0)
    can.push(
      `Mill outlines, pockets, slots and cut-outs: end mills ${sizes(endMills)} (inside corners down to R${round(Math.min(...endMills.map((tool) => tool.diameterMm!)) / 2, 2)} mm)`,
    );
  else
    missing.push(
      "No end mill: outlines, pockets and slots are left undone. Add a tool of type Milling, for example 'End mill Ø10 4FL LOC 22'.",
    );
  const drills = ofKind('drill');
  if (drills.length > 0) can.push(`Drill holes: ${sizes(drills)} mm`);
  else
    missing.push(
      "No twist drill: holes are left undone unless an end mill can mill them. Add a tool of type Drilling, for example 'Drill Ø6.8'.",
    );
  const spot = ofKind('spotDrill');
  if (spot.length > 0) can.push(`Spot holes before drilling: ${listed(spot)}`);
  else
    missing.push(
      "No spot drill: holes are drilled without spotting. Add one, for example 'Spot drill Ø10 90°'.",
    );
  const taps = ofKind('tap');
  if (taps.length > 0) can.push(`Tap threads: ${sizes(taps)}`);
  else missing.push("No tap: threaded holes are left undone. Add one, for example 'Tap M8x1.25'.");
  const reamers = ofKind('reamer');
  if (reamers.length > 0) can.push(`Ream holes to size: ${sizes(reamers)} mm`);
  const boring = ofKind('boringHead');
  if (boring.length > 0) can.push(`Bore holes to size: ${listed(boring)}`);
  if (reamers.length + boring.length === 0)
    missing.push(
      "No reamer or boring head: holes with a tight tolerance are left unless an end mill holds it. Add one, for example 'Reamer Ø8 H7'.",
    );
  const chamfer = ofKind('chamferMill');
  if (chamfer.length > 0) can.push(`Chamfer edges: ${listed(chamfer)}`);
  const sinks = [...ofKind('countersink'), ...chamfer];
  if (sinks.length > 0) can.push(`Countersink holes: ${listed(sinks)}`);
  return { jobType: 'Milling', can, missing };
}

// ---------------------------------------------------------------------------------------------
// Wire and sinker EDM

const isWireCandidate = (row: ToolRow) =>
  (row.toolType === 'Electrical Discharge Machining' && !/electrode/i.test(wordsOf(row))) ||
  isWireRow(row);
const wordsOf = (row: ToolRow) => `${row.toolName} ${row.toolDescription} ${row.toolHint}`;

function readWireRow(row: ToolRow): ToolReading {
  if (!isWireCandidate(row))
    return {
      usable: false,
      summary:
        "Wire EDM programs use only the wire: a tool of type Electrical Discharge Machining that names it, for example '0.25 mm brass wire'. This row is not used.",
    };
  const diameter = wireDiameterFrom(wordsOf(row));
  if (diameter === undefined)
    return {
      usable: false,
      summary:
        "A wire, but its diameter is not written, so programs cannot use it. Write it, for example '0.25 mm brass wire'.",
    };
  const material = wireMaterialFrom(wordsOf(row));
  return {
    usable: true,
    summary: `Wire Ø${diameter} mm, ${material ?? 'brass (assumed: no material is written)'}.`,
  };
}

function readElectrodeRow(row: ToolRow): ToolReading {
  const [electrode] = electrodesFromTools([row]).electrodes;
  if (!electrode)
    return {
      usable: false,
      summary:
        "Sinker EDM programs use electrodes: a tool of type Electrical Discharge Machining named with its material and size, for example 'Graphite electrode Ø9.6 undersize 0.2'. This row is not used.",
    };
  if (!electrode.shape)
    return {
      usable: false,
      summary:
        "An electrode, but its size is not written, so programs cannot use it. Write it, for example 'Graphite electrode Ø9.6 undersize 0.2' or 'Copper electrode 19.6 x 9.6'.",
    };
  const size =
    electrode.shape.kind === 'round'
      ? `Ø${electrode.shape.diameterMm} mm`
      : `${electrode.shape.xMm} x ${electrode.shape.yMm} mm`;
  return {
    usable: true,
    summary: `${electrode.material[0]!.toUpperCase()}${electrode.material.slice(1)} electrode ${size}, undersize ${electrode.undersizeMm} mm per side${electrode.undersizeMm === 0 ? ' (none is written)' : ''}.`,
  };
}

// ---------------------------------------------------------------------------------------------

/**
 * One tool row as the programs of a job type read it.
 * @param row a tool row as saved (slot, name, description, type, manufacturer, hint)
 * @param jobType the job type of the machine the row belongs to
 */
export function readToolRow(row: ToolRow, jobType: JobType): ToolReading {
  switch (jobType) {
    case 'Lathe':
      return readLatheRow(row).reading;
    case 'Milling':
      return readMillRow(row).reading;
    case 'Wire EDM':
      return readWireRow(row);
    case 'Sinker EDM':
      return readElectrodeRow(row);
  }
}

/**
 * What a machine's tools can do for its job type, and what is missing (each with what to add).
 * @param rows every tool row of the machine
 */
export function toolingReadiness(rows: ToolRow[], jobType: JobType): ToolingReadiness {
  switch (jobType) {
    case 'Lathe':
      return latheReadiness(rows);
    case 'Milling':
      return millReadiness(rows);
    case 'Wire EDM': {
      const wires = rows.filter((row) => readWireRow(row).usable);
      return wires.length > 0
        ? {
            jobType,
            can: [
              `Cut outlines and openings with the wire: ${wires.map((row) => row.toolName).join(', ')}`,
            ],
            missing: [],
          }
        : {
            jobType,
            can: [],
            missing: [
              "No wire with its diameter: wire EDM programs are built on it. Add a tool of type Electrical Discharge Machining, for example '0.25 mm brass wire'.",
            ],
          };
    }
    case 'Sinker EDM': {
      const electrodes = rows.filter((row) => readElectrodeRow(row).usable);
      return electrodes.length > 0
        ? {
            jobType,
            can: [`Sink cavities the size of: ${electrodes.map((row) => row.toolName).join(', ')}`],
            missing: [],
          }
        : {
            jobType,
            can: [],
            missing: [
              "No electrode with its size: sinker EDM programs sink with one. Add a tool of type Electrical Discharge Machining, for example 'Graphite electrode Ø9.6 undersize 0.2'.",
            ],
          };
    }
  }
}
