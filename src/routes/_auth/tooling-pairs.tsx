import { Link, createFileRoute } from '@tanstack/react-router';
import { useCallback, useEffect, useRef, useState } from 'react';
import { shopMessages, toolFieldLabels } from '#contracts/shop';
import type { Machine, ToolingPair, ToolingReadiness } from '#contracts/shop';
import { getMachine, getToolingPairs } from '../../api/shop.ts';
import { toolingLoadErrorText } from '../../api/shop-error-texts.ts';
import { FormMessage } from '../../components/FormMessage.tsx';
import { ToolRow } from '../../components/ToolRow.tsx';
import { ToolLibrary } from '../../shop/ToolLibrary.tsx';

/** Tooling Pairs of one machine (spec sections 2, 4, 5 and 8): `?machineId=`. */
export const Route = createFileRoute('/_auth/tooling-pairs')({
  validateSearch: (search: Record<string, unknown>): { machineId?: string } =>
    typeof search.machineId === 'string' ? { machineId: search.machineId } : {},
  component: ToolingPairs,
});

function ToolingPairs() {
  const { machineId } = Route.useSearch();
  const [machine, setMachine] = useState<Machine | null>(null);
  const [tools, setTools] = useState<ToolingPair[] | null>(null);
  const [readiness, setReadiness] = useState<ToolingReadiness | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [newRows, setNewRows] = useState<number[]>([]);
  const nextRow = useRef(1);
  /** Raised after a save or delete: the table is fetched again. */
  const [loads, setLoads] = useState(0);
  const load = useCallback(() => setLoads((count) => count + 1), []);

  useEffect(() => {
    if (!machineId) return;
    let current = true;
    Promise.all([getMachine(machineId), getToolingPairs(machineId)])
      .then(([machineResponse, toolsResponse]) => {
        if (!current) return;
        setMachine(machineResponse.machine);
        setTools(toolsResponse.toolingPairs);
        setReadiness(toolsResponse.readiness ?? null);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!current) return;
        setError(toolingLoadErrorText(failure));
        setTools((existing) => existing ?? []);
      });
    return () => {
      current = false;
    };
  }, [machineId, loads]);

  if (!machineId) {
    return (
      <section className="card">
        <h1>Tooling Pairs</h1>
        <p>
          Choose a machine in <Link to="/my-shop">My Shop</Link> to see its tools.
        </p>
      </section>
    );
  }

  const forgetNewRow = (key: number) => setNewRows((rows) => rows.filter((row) => row !== key));

  return (
    <section className="card wide">
      <div className="heading-row">
        <h1>{machine ? shopMessages.tooling(machine.name) : 'Tooling Pairs'}</h1>
        <Link to="/my-shop" className="button">
          Back to My Shop
        </Link>
      </div>
      <FormMessage error={error} />
      {tools === null ? (
        <p className="muted">Loading...</p>
      ) : (
        <>
          {tools.length === 0 && newRows.length === 0 ? (
            <p className="muted">{shopMessages.noTools}</p>
          ) : null}
          {tools.length > 0 || newRows.length > 0 ? (
            <table className="table tools stack">
              <thead>
                <tr>
                  {Object.values(toolFieldLabels).map((label) => (
                    <th key={label}>{label}</th>
                  ))}
                  <th>Actions</th>
                </tr>
              </thead>
              <tbody>
                {machine
                  ? tools.map((tool) => (
                      <ToolRow
                        key={tool.id}
                        tool={tool}
                        machine={machine}
                        onSaved={() => load()}
                        onDeleted={() => {
                          window.alert(shopMessages.toolDeleted);
                          load();
                        }}
                        onDiscarded={() => undefined}
                      />
                    ))
                  : null}
                {machine
                  ? newRows.map((key) => (
                      <ToolRow
                        key={`new-${key}`}
                        tool={null}
                        machine={machine}
                        onSaved={() => {
                          forgetNewRow(key);
                          load();
                        }}
                        onDeleted={() => forgetNewRow(key)}
                        onDiscarded={() => forgetNewRow(key)}
                      />
                    ))
                  : null}
              </tbody>
            </table>
          ) : null}
          <div className="actions start">
            <button
              type="button"
              className="button primary"
              disabled={!machine}
              onClick={() => setNewRows((rows) => [...rows, nextRow.current++])}
            >
              Add New Tooling
            </button>
          </div>
          {machine ? <ToolLibrary machine={machine} onImported={load} /> : null}
          {readiness ? <ReadinessPanel readiness={readiness} /> : null}
        </>
      )}
    </section>
  );
}

/** What the machine's tools can do for its job type, and what is missing (beyond the spec, decision 031). */
function ReadinessPanel({ readiness }: { readiness: ToolingReadiness }) {
  return (
    <section className="readiness" aria-labelledby="readiness-heading">
      <h2 id="readiness-heading">What these tools can do in {readiness.jobType} jobs</h2>
      {readiness.can.length > 0 ? (
        <ul className="readiness-can">
          {readiness.can.map((entry) => (
            <li key={entry}>{entry}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">Nothing yet: no tool here is one the programs can use.</p>
      )}
      {readiness.missing.length > 0 ? (
        <>
          <h3>Missing</h3>
          <ul className="readiness-missing">
            {readiness.missing.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
