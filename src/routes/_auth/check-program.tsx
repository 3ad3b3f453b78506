import { Link, createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { CheckPart, CheckStockBody, ProgramCheckResponse } from '#contracts/program-check';
import {
  checkDialects,
  checkDrawingExtensions,
  programCheckMessages,
  programExtensions,
} from '#contracts/program-check';
import type { Machine } from '#contracts/shop';
import { checkProgram, listCheckParts } from '../../api/programs.ts';
import { getMachine } from '../../api/shop.ts';
import { SelectField } from '../../components/SelectField.tsx';
import { Spinner } from '../../components/Spinner.tsx';
import { TextField } from '../../components/TextField.tsx';
import { CheckResult } from '../../programs/CheckResult.tsx';
import '../../styles/check-program.css';

/**
 * Check Program (issue 35): `/check-program?machineId=…`, signed in only. The operator attaches
 * a program written elsewhere, gives the stock and where it sits in work coordinates, or picks
 * the Part (a Q-Bot conversation with a confirmed description: the stock then comes from the
 * conversation, placed as Q-Bot's planner places it, and the program is held to the part) or
 * attaches the part's drawing (DXF or STEP: read as Q-Bot reads it, the stock's size then
 * required), and reads what the verifier finds, line by line. Nothing of the program or the
 * drawing is changed or stored.
 */
export const Route = createFileRoute('/_auth/check-program')({
  validateSearch: (search: Record<string, unknown>): { machineId?: string } =>
    typeof search.machineId === 'string' ? { machineId: search.machineId } : {},
  component: CheckProgramPage,
});

const dialectOptions = Object.entries(checkDialects).map(([id, name]) => ({ _id: id, name }));
const accept = programExtensions.map((extension) => `.${extension}`).join(',');
const acceptDrawing = checkDrawingExtensions.map((extension) => `.${extension}`).join(',');

/** The form's stock fields, as typed. */
const emptyStock = {
  x: '',
  y: '',
  z: '',
  x0: '0',
  y0: '0',
  top: '0',
  d: '',
  l: '',
  out: '',
  face: '0',
};
type StockFields = typeof emptyStock;

const mm = (text: string) => Number(text.replace(',', '.'));
const given = (text: string) => (text.trim() === '' ? undefined : mm(text));

/** With a part: the size only, when one is typed; else the conversation's. */
function partStockOf(fields: StockFields, lathe: boolean): CheckStockBody | undefined {
  if (lathe)
    return given(fields.d) === undefined && given(fields.l) === undefined
      ? undefined
      : { shape: 'round', diameterMm: mm(fields.d), lengthMm: mm(fields.l) };
  return [fields.x, fields.y, fields.z].every((text) => given(text) === undefined)
    ? undefined
    : { shape: 'block', xMm: mm(fields.x), yMm: mm(fields.y), zMm: mm(fields.z) };
}

/** A part as the select names it: its name, its size when chosen, when it was changed. */
const partOption = (part: CheckPart) => ({
  _id: part.threadId,
  name: `${part.name}${part.stockSize ? ` (${part.stockSize})` : ''}, ${new Date(part.updatedAt).toLocaleDateString('en')}`,
});

function stockOf(fields: StockFields, lathe: boolean): CheckStockBody {
  if (lathe) {
    const stickOut = given(fields.out);
    return {
      shape: 'round',
      diameterMm: mm(fields.d),
      lengthMm: mm(fields.l),
      ...(stickOut !== undefined ? { stickOutMm: stickOut } : {}),
      faceZMm: mm(fields.face),
    };
  }
  return {
    shape: 'block',
    xMm: mm(fields.x),
    yMm: mm(fields.y),
    zMm: mm(fields.z),
    x0Mm: mm(fields.x0),
    y0Mm: mm(fields.y0),
    topZMm: mm(fields.top),
  };
}

function CheckProgramPage() {
  const { machineId } = Route.useSearch();
  const [machine, setMachine] = useState<Machine | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [stock, setStock] = useState<StockFields>(emptyStock);
  const [material, setMaterial] = useState('');
  const [dialect, setDialect] = useState('');
  const [parts, setParts] = useState<CheckPart[]>([]);
  const [threadId, setThreadId] = useState('');
  const [drawing, setDrawing] = useState<File | null>(null);
  // A new key empties the drawing input when a conversation is chosen instead.
  const [drawingKey, setDrawingKey] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ProgramCheckResponse | null>(null);

  useEffect(() => {
    let current = true;
    // Without the list the form still checks against the stock alone.
    listCheckParts()
      .then((response) => current && setParts(response.parts))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, []);

  useEffect(() => {
    if (!machineId) return;
    let current = true;
    getMachine(machineId)
      .then((response) => current && setMachine(response.machine))
      .catch((failure: unknown) => {
        if (current) setLoadError(failure instanceof Error ? failure.message : String(failure));
      });
    return () => {
      current = false;
    };
  }, [machineId]);

  if (!machineId || loadError) {
    return (
      <section className="card">
        <h1>Check Program</h1>
        <p>
          {loadError ?? 'Choose a machine'} in <Link to="/my-shop">My Shop</Link> to check a program
          on it.
        </p>
      </section>
    );
  }
  if (!machine) {
    return (
      <section className="card">
        <p className="muted">
          <Spinner /> Loading...
        </p>
      </section>
    );
  }

  const lathe = machine.machineType?.jobType === 'Lathe';
  const fromDrawing = drawing !== null;
  const fromPart = threadId !== '' || fromDrawing;
  const field = (key: keyof StockFields, label: string) => (
    <TextField
      label={label}
      inputMode="decimal"
      value={stock[key]}
      onChange={(value) => setStock({ ...stock, [key]: value })}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError(programCheckMessages.noFile);
    const partStock = fromPart ? partStockOf(stock, lathe) : undefined;
    if (fromDrawing && !partStock) return setError(programCheckMessages.drawingNoStock);
    setBusy(true);
    setError(null);
    setResult(null);
    checkProgram({
      file,
      machineId,
      ...(drawing ? { drawing } : {}),
      ...(fromPart
        ? { ...(threadId ? { threadId } : {}), ...(partStock ? { stock: partStock } : {}) }
        : { stock: stockOf(stock, lathe) }),
      ...(dialect ? { dialect } : {}),
      ...(material.trim() ? { material: material.trim() } : {}),
    })
      .then(setResult)
      .catch((failure: unknown) =>
        setError(failure instanceof Error ? failure.message : String(failure)),
      )
      .finally(() => setBusy(false));
  };

  return (
    <section className="card wide check-program">
      <h1>Check Program</h1>
      <p className="muted">
        On {machine.name} ({machine.controllerModelType?.name ?? 'its controller'}): the program is
        read as the control reads it and every move is checked against the stock, this
        machine&apos;s tools and its limits. Nothing of the program is changed.
      </p>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="program-file">Program file</label>
          <input
            id="program-file"
            type="file"
            accept={accept}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <SelectField
          label="Part"
          options={parts.map(partOption)}
          value={threadId}
          placeholder="None: check against the stock alone"
          hint={
            threadId
              ? "The program is held to this conversation's part, planned as Q-Bot plans it: every surface, nothing left uncut."
              : 'A Q-Bot conversation with a confirmed description, or the part drawing below; without either the program is checked against the stock only.'
          }
          onChange={(value) => {
            setThreadId(value);
            if (value) {
              setDrawing(null);
              setDrawingKey((key) => key + 1);
            }
          }}
        />
        <div className="field">
          <label htmlFor="part-drawing">Part drawing (DXF or STEP)</label>
          <input
            key={drawingKey}
            id="part-drawing"
            type="file"
            accept={acceptDrawing}
            aria-describedby="part-drawing-hint"
            onChange={(event) => {
              const chosen = event.target.files?.[0] ?? null;
              setDrawing(chosen);
              if (chosen) setThreadId('');
            }}
          />
          <p id="part-drawing-hint" className="field-hint">
            {fromDrawing
              ? 'The drawing is read as Q-Bot reads it and the program is held to the part planned from it; give the stock size. The drawing is not kept.'
              : 'Optional, instead of a conversation: the part is read from its drawing.'}
          </p>
        </div>
        <fieldset>
          <legend>
            {lathe ? 'Round bar (mm)' : 'Stock block (mm)'}
            {fromDrawing ? ', its size' : threadId ? ', from the conversation when left empty' : ''}
          </legend>
          {fromPart ? (
            <p className="muted">
              With a part, the stock sits where Q-Bot&apos;s planner places it: give only its size
              to plan with another.
            </p>
          ) : null}
          {lathe ? (
            <div className="field-row">
              {field('d', 'Diameter')}
              {field('l', 'Length')}
              {fromPart ? null : field('out', 'Out of the jaws')}
              {fromPart ? null : field('face', 'Face at Z')}
            </div>
          ) : (
            <>
              <div className="field-row">
                {field('x', 'X')}
                {field('y', 'Y')}
                {field('z', 'Z')}
              </div>
              {fromPart ? null : (
                <div className="field-row">
                  {field('x0', 'Lower-left corner at X')}
                  {field('y0', 'Lower-left corner at Y')}
                  {field('top', 'Top face at Z')}
                </div>
              )}
            </>
          )}
        </fieldset>
        <div className="field-row">
          <TextField
            label={
              fromDrawing
                ? 'Material (from the drawing when empty)'
                : fromPart
                  ? 'Material (from the conversation when empty)'
                  : 'Material'
            }
            value={material}
            onChange={setMaterial}
          />
          <SelectField
            label="Dialect"
            options={dialectOptions}
            value={dialect}
            placeholder="Tell from the program"
            onChange={setDialect}
          />
        </div>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? <Spinner /> : null} Check Program
        </button>
      </form>
      {result ? <CheckResult result={result} /> : null}
    </section>
  );
}
