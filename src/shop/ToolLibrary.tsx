import { useId, useRef, useState } from 'react';
import { toolFieldLabels, type Machine, type ToolType } from '#contracts/shop';
import {
  libraryFileName,
  toolLibraryFormats,
  type LibraryPreviewResponse,
  type LibraryPreviewTool,
  type ToolLibraryFormat,
} from '#contracts/tool-library';
import { exportLibrary, importLibrary, previewLibrary } from '../api/tool-library.ts';
import { FormMessage } from '../components/FormMessage.tsx';
import { saveBlob } from '../components/save-blob.ts';

/** Why a request failed, in the server's sentence when it gave one. */
const sentenceOf = (failure: unknown) =>
  failure instanceof Error ? failure.message : 'The request failed.';

/** A previewed row as the shop chooses it: imported or not, replacing the tool in its slot or not. */
interface Choice {
  chosen: boolean;
  replace: boolean;
}

interface ToolLibraryProps {
  machine: Machine;
  /** Called after an import added or replaced tools. */
  onImported: () => void;
}

/**
 * Import and Export on Tooling Pairs (issue 35, decision 114): a Fusion 360, LinuxCNC or CSV
 * library read into a preview of every row with what the programs read of it and the tool now
 * in its slot; the chosen rows added in one transaction. Export writes the machine's tools.
 */
export function ToolLibrary({ machine, onImported }: ToolLibraryProps) {
  const [format, setFormat] = useState<ToolLibraryFormat>('json');
  const [preview, setPreview] = useState<LibraryPreviewResponse | null>(null);
  const [choices, setChoices] = useState<Choice[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const formatId = useId();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await work();
    } catch (failure) {
      setError(sentenceOf(failure));
    } finally {
      setBusy(false);
    }
  };

  const read = (file: File) =>
    run(async () => {
      const answer = await previewLibrary(machine._id, file);
      setPreview(answer);
      setChoices(
        answer.tools.map((tool) => ({
          chosen: !tool.problem && !tool.slotTwice,
          replace: false,
        })),
      );
    });

  const closePreview = () => {
    setPreview(null);
    setChoices([]);
    if (fileInput.current) fileInput.current.value = '';
  };

  const chosen = preview
    ? preview.tools.flatMap((tool, index) =>
        choices[index]?.chosen ? [{ tool, replace: choices[index].replace }] : [],
      )
    : [];

  const add = () =>
    run(async () => {
      const answer = await importLibrary({
        machineId: machine._id,
        tools: chosen.map(({ tool, replace }) => ({
          slotNumber: tool.slotNumber,
          toolName: tool.toolName,
          toolDescription: tool.toolDescription,
          toolType: tool.toolType as ToolType,
          toolManufacturer: tool.toolManufacturer,
          toolHint: tool.toolHint,
          replace,
        })),
      });
      closePreview();
      setNotice(answer.message);
      onImported();
    });

  const download = () =>
    run(async () =>
      saveBlob(await exportLibrary(machine._id, format), libraryFileName(machine.name, format)),
    );

  const choose = (index: number, change: Partial<Choice>) =>
    setChoices((all) =>
      all.map((choice, at) => (at === index ? { ...choice, ...change } : choice)),
    );

  return (
    <section className="tool-library" aria-label="Tool library">
      <div className="actions start">
        <label className="button">
          Import Tools
          <input
            ref={fileInput}
            type="file"
            className="visually-hidden"
            accept=".json,.tools,.tbl,.csv"
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void read(file);
            }}
          />
        </label>
        <label htmlFor={formatId} className="library-format">
          Format
        </label>
        <select
          id={formatId}
          value={format}
          onChange={(event) => setFormat(event.target.value as ToolLibraryFormat)}
        >
          {Object.entries(toolLibraryFormats).map(([key, name]) => (
            <option key={key} value={key}>
              {name}
            </option>
          ))}
        </select>
        <button type="button" className="button" disabled={busy} onClick={() => void download()}>
          Export Tools
        </button>
      </div>
      <FormMessage error={error} notice={notice} />
      {preview ? (
        <LibraryPreview
          preview={preview}
          choices={choices}
          busy={busy}
          onChoose={choose}
          onImport={() => void add()}
          onCancel={closePreview}
          chosenCount={chosen.length}
        />
      ) : null}
    </section>
  );
}

interface LibraryPreviewProps {
  preview: LibraryPreviewResponse;
  choices: Choice[];
  busy: boolean;
  chosenCount: number;
  onChoose: (index: number, change: Partial<Choice>) => void;
  onImport: () => void;
  onCancel: () => void;
}

/** Every row of the file with what the programs read of it, its slot's tool, and the choice. */
function LibraryPreview(props: LibraryPreviewProps) {
  const { preview, choices, busy, chosenCount, onChoose } = props;
  const unreplaced = preview.tools.filter(
    (tool, index) => choices[index]?.chosen && tool.conflict && !choices[index].replace,
  );
  return (
    <section className="library-preview" aria-labelledby="library-preview-heading">
      <h2 id="library-preview-heading">
        Import from {preview.fileName} ({preview.formatName})
      </h2>
      <table className="table tools stack">
        <thead>
          <tr>
            <th>Import</th>
            {Object.values(toolFieldLabels).map((label) => (
              <th key={label}>{label}</th>
            ))}
            <th>What the programs read</th>
          </tr>
        </thead>
        <tbody>
          {preview.tools.map((tool, index) => (
            <PreviewRow
              key={`${index}-${tool.slotNumber}`}
              tool={tool}
              choice={choices[index] ?? { chosen: false, replace: false }}
              onChoose={(change) => onChoose(index, change)}
            />
          ))}
        </tbody>
      </table>
      {preview.problems.length > 0 ? (
        <>
          <h3>Lines that give no tool</h3>
          <ul className="library-problems">
            {preview.problems.map((problem) => (
              <li key={`${problem.line}-${problem.message}`}>
                Line {problem.line}: {problem.message}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {unreplaced.length > 0 ? (
        <p className="form-error" role="alert">
          {unreplaced.map((tool) => tool.slotNumber).join(', ')}{' '}
          {unreplaced.length === 1 ? 'holds a tool' : 'hold tools'} on this machine: tick Replace,
          or leave {unreplaced.length === 1 ? 'it' : 'them'} out.
        </p>
      ) : null}
      <div className="actions start">
        <button
          type="button"
          className="button primary"
          disabled={busy || chosenCount === 0 || unreplaced.length > 0}
          onClick={props.onImport}
        >
          Import {chosenCount} {chosenCount === 1 ? 'Tool' : 'Tools'}
        </button>
        <button type="button" className="button" disabled={busy} onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}

function PreviewRow({
  tool,
  choice,
  onChoose,
}: {
  tool: LibraryPreviewTool;
  choice: Choice;
  onChoose: (change: Partial<Choice>) => void;
}) {
  const blocked = tool.problem !== null;
  return (
    <tr className={blocked ? 'unusable' : undefined}>
      <td data-label="Import">
        <input
          type="checkbox"
          aria-label={`Import ${tool.slotNumber} ${tool.toolName}`}
          checked={choice.chosen}
          disabled={blocked}
          onChange={(event) => onChoose({ chosen: event.target.checked })}
        />
      </td>
      <td data-label={toolFieldLabels.slotNumber}>
        <div>
          {tool.slotNumber}
          {tool.conflict ? (
            <label className="slot-conflict">
              <input
                type="checkbox"
                checked={choice.replace}
                disabled={blocked || !choice.chosen}
                onChange={(event) => onChoose({ replace: event.target.checked })}
              />{' '}
              Replace {tool.conflict.toolName}
            </label>
          ) : null}
          {tool.slotTwice ? (
            <span className="slot-conflict">Slot given twice in this file</span>
          ) : null}
        </div>
      </td>
      <td data-label={toolFieldLabels.toolName}>{tool.toolName}</td>
      <td data-label={toolFieldLabels.toolDescription}>{tool.toolDescription}</td>
      <td data-label={toolFieldLabels.toolType}>{tool.toolType}</td>
      <td data-label={toolFieldLabels.toolManufacturer}>{tool.toolManufacturer}</td>
      <td data-label={toolFieldLabels.toolHint}>{tool.toolHint}</td>
      <td data-label="What the programs read">
        {tool.problem ? (
          <span className="form-error">{tool.problem}</span>
        ) : tool.understood ? (
          <span className={tool.understood.usable ? 'library-reading' : 'library-reading unusable'}>
            {tool.understood.summary}
          </span>
        ) : null}
      </td>
    </tr>
  );
}
