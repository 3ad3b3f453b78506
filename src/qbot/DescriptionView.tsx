import type { BlueprintDescription, DiameterFeature, Reading } from '#contracts/blueprint';
import { qbotMessages } from '#contracts/qbot-workflow';

function Diameters({ title, features }: { title: string; features: DiameterFeature[] }) {
  if (features.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <table className="table compact stack">
        <thead>
          <tr>
            <th>Diameter</th>
            <th>Type</th>
            <th>Location</th>
            <th>Length</th>
          </tr>
        </thead>
        <tbody>
          {features.map((feature, index) => (
            <tr key={index}>
              <td data-label="Diameter">{feature.diameter}</td>
              <td data-label="Type">{feature.type}</td>
              <td data-label="Location">{feature.location}</td>
              <td data-label="Length">{feature.length}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** 'at the free end' as written, 'at 20 mm from the free end' when the location has no 'at'. */
const where = (location: string) => (/^at\b/i.test(location.trim()) ? location : `at ${location}`);

/** Below this confidence a reading is marked for the user to check. */
const doubtfulBelow = 0.6;

/** Each value the reader took from the drawing, with its confidence and where it was found. */
function Readings({ readings }: { readings: Reading[] }) {
  if (readings.length === 0) return null;
  const doubtful = readings.filter((reading) => reading.confidence < doubtfulBelow).length;
  return (
    <details className="readings">
      <summary>
        What was read, and from where ({readings.length} values
        {doubtful > 0 ? `, ${doubtful} to check` : ''})
      </summary>
      <table className="table compact stack">
        <thead>
          <tr>
            <th>Value</th>
            <th>Read</th>
            <th>Confidence</th>
            <th>Source</th>
          </tr>
        </thead>
        <tbody>
          {readings.map((reading, index) => (
            <tr key={index} className={reading.confidence < doubtfulBelow ? 'doubtful' : undefined}>
              <td data-label="Value">{reading.field}</td>
              <td data-label="Read">{reading.value}</td>
              <td data-label="Confidence">{Math.round(reading.confidence * 100)}%</td>
              <td className="muted" data-label="Source">
                {reading.source}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** The structured description of a drawing (spec section 3), with what the reader could not determine. */
export function DescriptionView({
  description,
}: {
  description: BlueprintDescription | string | null | undefined;
}) {
  if (!description) return <p className="muted">{qbotMessages.noDescription}</p>;
  if (typeof description === 'string') return <p>{description}</p>;
  const { materialSpecs, features, dimensions, surfaceFinish } = description;
  const material = [materialSpecs.material, materialSpecs.heatTreatment, materialSpecs.hardness]
    .filter(Boolean)
    .join(', ');
  return (
    <div className="description">
      <p>{description.overview}</p>
      {material ? (
        <p>
          <strong>Material:</strong> {material}
        </p>
      ) : null}
      <Diameters title="Outer diameters" features={description.outerDiameters} />
      <Diameters title="Inner diameters" features={description.innerDiameters} />
      {features.chamfers.length > 0 ? (
        <p>
          <strong>Chamfers:</strong>{' '}
          {features.chamfers
            .map(
              (chamfer) =>
                `${chamfer.dimensions} ${where(chamfer.location)}${chamfer.purpose ? ` (${chamfer.purpose})` : ''}`,
            )
            .join('; ')}
        </p>
      ) : null}
      {features.fillets.length > 0 ? (
        <p>
          <strong>Fillets:</strong>{' '}
          {features.fillets
            .map((fillet) => `${fillet.dimensions} ${where(fillet.location)}`)
            .join('; ')}
        </p>
      ) : null}
      {dimensions.overallLength || dimensions.tolerances ? (
        <p>
          <strong>Overall length:</strong> {dimensions.overallLength || '—'}
          {dimensions.tolerances ? (
            <>
              {' '}
              · <strong>Tolerances:</strong> {dimensions.tolerances}
            </>
          ) : null}
        </p>
      ) : null}
      {surfaceFinish.requirements || surfaceFinish.concentricity ? (
        <p>
          <strong>Surface finish:</strong>{' '}
          {[surfaceFinish.requirements, surfaceFinish.concentricity].filter(Boolean).join('; ')}
        </p>
      ) : null}
      {description.readings ? <Readings readings={description.readings} /> : null}
      {description.unresolved && description.unresolved.length > 0 ? (
        <div className="unresolved">
          <strong>Could not be read from the drawing (use Change to add it):</strong>
          <ul>
            {description.unresolved.map((entry, index) => (
              <li key={index}>{entry}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
