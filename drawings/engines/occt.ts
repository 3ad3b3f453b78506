/**
 * OpenCascade through occt-import-js (WASM): triangulates a STEP model and hands back, per B-rep
 * face, its triangle vertices and surface normals. The WASM module is instantiated once, on
 * first use, and reused; when a read is stopped by the time limit the instance is dropped, since
 * its heap may be left half-written.
 */
import { createRequire } from 'node:module';
import { TimeLimitError, runWithTimeLimit } from './time-limit.ts';

/** One B-rep face as triangulated: positions and unit normals, mm, xyz triplets. */
export interface MeshFace {
  /** 1-based number of the face in the model (mesh by mesh, face by face). */
  number: number;
  /** Vertex positions, mm: x0, y0, z0, x1, … (each vertex once). */
  positions: number[];
  /**
   * Normal at each vertex, unit length, pointing out of the material; averaged over the
   * neighbouring triangles, so only approximately the surface normal.
   */
  normals: number[];
  /** Triangles as vertex indices into `positions` / 3, three per triangle. */
  triangles: number[];
}

/** The triangulated model. */
export interface MeshModel {
  faces: MeshFace[];
  /** Names of the parts (root children) as the STEP file gives them. */
  names: string[];
  /** Messages the kernel printed while reading. */
  messages: string[];
}

interface OcctMesh {
  name?: string;
  brep_faces: { first: number; last: number }[];
  attributes: { position: { array: ArrayLike<number> }; normal?: { array: ArrayLike<number> } };
  index: { array: ArrayLike<number> };
}

interface OcctNode {
  name?: string;
  children?: OcctNode[];
}

interface OcctResult {
  success: boolean;
  root?: OcctNode;
  meshes?: OcctMesh[];
}

interface Occt {
  ReadStepFile(content: Uint8Array, params: Record<string, string | number> | null): OcctResult;
}

type OcctFactory = (module?: {
  print?: (text: string) => void;
  printErr?: (text: string) => void;
}) => Promise<Occt>;

let instance: Promise<Occt> | undefined;
/** What the kernel prints goes here instead of the console (it reports parse errors this way). */
let printed: string[] = [];

function occt(): Promise<Occt> {
  if (!instance) {
    const require = createRequire(import.meta.url);
    const factory = require('occt-import-js') as OcctFactory;
    const keep = (text: string) => {
      if (printed.length < 200) printed.push(text);
    };
    instance = factory({ print: keep, printErr: keep });
    instance.catch(() => {
      instance = undefined;
    });
  }
  return instance;
}

/**
 * Triangulation: deflection 0.1 % of the model size, 0.2 rad between neighbouring normals, so a
 * small hole still gets enough vertices for a circle fit (OCCT BRepMesh parameters).
 */
const meshParameters = {
  linearUnit: 'millimeter',
  linearDeflectionType: 'bounding_box_ratio',
  linearDeflection: 0.001,
  angularDeflection: 0.2,
};

/** The kernel could not make a model of the file; `message` says why, in words. */
export class MeshReadError extends Error {
  override name = 'MeshReadError';
}

/**
 * Read and triangulate a STEP file with OpenCascade. Lengths come back in mm whatever the
 * file's unit (OCCT converts to `linearUnit`).
 * @param bytes - the STEP file
 * @param limitMs - wall time allowed for reading and meshing
 * @throws MeshReadError when the kernel fails or reports no success; TimeLimitError on time out
 */
export async function meshStep(bytes: Uint8Array, limitMs: number): Promise<MeshModel> {
  const kernel = await occt();
  printed = [];
  let result: OcctResult;
  try {
    result = runWithTimeLimit(() => kernel.ReadStepFile(bytes, meshParameters), limitMs);
  } catch (error) {
    instance = undefined;
    if (error instanceof TimeLimitError) throw error;
    throw new MeshReadError(error instanceof Error ? error.message : String(error));
  }
  const messages = printed;
  printed = [];
  if (!result.success || !result.meshes) {
    const first = messages.find((text) => /err|fail/i.test(text)) ?? messages[0];
    throw new MeshReadError(
      first
        ? first
            .replace(/\*+|ERR StepFile\s*:\s*|Undefined Parsing:\s*/g, '')
            .replace(/\s+/g, ' ')
            .trim()
        : 'OpenCascade failed',
    );
  }
  const faces: MeshFace[] = [];
  for (const mesh of result.meshes) {
    const position = mesh.attributes.position.array;
    const normal = mesh.attributes.normal?.array;
    const index = mesh.index.array;
    for (const range of mesh.brep_faces) {
      faces.push(faceOf(faces.length + 1, position, normal, index, range.first, range.last));
    }
  }
  const names = (result.root?.children ?? [])
    .map((child) => child.name ?? '')
    .filter((name) => name.trim() !== '');
  return { faces, names, messages };
}

/** Copies one face's triangles (first..last, inclusive) with their own vertex numbering. */
function faceOf(
  number: number,
  position: ArrayLike<number>,
  normal: ArrayLike<number> | undefined,
  index: ArrayLike<number>,
  first: number,
  last: number,
): MeshFace {
  const local = new Map<number, number>();
  const positions: number[] = [];
  const normals: number[] = [];
  const triangles: number[] = [];
  for (let t = first; t <= last; t++) {
    for (let k = 0; k < 3; k++) {
      const vertex = index[3 * t + k]!;
      let at = local.get(vertex);
      if (at === undefined) {
        at = local.size;
        local.set(vertex, at);
        positions.push(position[3 * vertex]!, position[3 * vertex + 1]!, position[3 * vertex + 2]!);
        if (normal)
          normals.push(normal[3 * vertex]!, normal[3 * vertex + 1]!, normal[3 * vertex + 2]!);
      }
      triangles.push(at);
    }
  }
  if (!normal) fillNormals(positions, triangles, normals);
  return { number, positions, normals, triangles };
}

/** Vertex normals from the triangles when the kernel gives none (area-weighted). */
function fillNormals(positions: number[], triangles: number[], normals: number[]): void {
  normals.length = 0;
  for (let i = 0; i < positions.length; i++) normals.push(0);
  for (let t = 0; t < triangles.length; t += 3) {
    const [a, b, c] = [triangles[t]!, triangles[t + 1]!, triangles[t + 2]!];
    const u = [0, 1, 2].map((k) => positions[3 * b + k]! - positions[3 * a + k]!);
    const v = [0, 1, 2].map((k) => positions[3 * c + k]! - positions[3 * a + k]!);
    const n = [
      u[1]! * v[2]! - u[2]! * v[1]!,
      u[2]! * v[0]! - u[0]! * v[2]!,
      u[0]! * v[1]! - u[1]! * v[0]!,
    ];
    for (const vertex of [a, b, c]) for (let k = 0; k < 3; k++) normals[3 * vertex + k]! += n[k]!;
  }
  for (let i = 0; i < normals.length; i += 3) {
    const length = Math.hypot(normals[i]!, normals[i + 1]!, normals[i + 2]!) || 1;
    for (let k = 0; k < 3; k++) normals[i + k]! /= length;
  }
}
