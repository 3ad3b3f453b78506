import { Link, createFileRoute } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { shopMessages } from '#contracts/shop';
import type { Machine } from '#contracts/shop';
import { getMyMachines } from '../../api/shop.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { groupByType } from '../../shop/machines.ts';
import { PencilIcon } from '../../components/Icons.tsx';

/** My Shop Machines (spec section 2): machines grouped by machine type. Failures are only logged. */
export const Route = createFileRoute('/_auth/my-shop')({ component: MyShop });

function MyShop() {
  const [machines, setMachines] = useState<Machine[] | null>(null);

  useEffect(() => {
    let current = true;
    getMyMachines()
      .then((response) => {
        if (!current) return;
        if (!Array.isArray(response.machines))
          console.error('The machines field is missing', response);
        setMachines(response.machines ?? []);
      })
      .catch((error: unknown) => console.error('Could not load the machines', error));
    return () => {
      current = false;
    };
  }, []);

  const name = (reference: { name: string } | null) => reference?.name ?? shopMessages.unknown;

  return (
    <section className="card wide">
      <div className="heading-row">
        <h1>My Shop Machines</h1>
        <Link to="/add-machine" className="button primary">
          Add Machine
        </Link>
      </div>
      {machines === null ? (
        <p className="muted">
          <Spinner /> Loading...
        </p>
      ) : machines.length === 0 ? (
        <p className="muted">
          No machines yet. Add the machines of your shop to write G-code for them.
        </p>
      ) : (
        groupByType(machines).map(([type, group]) => (
          <div key={type} className="machine-group">
            <h2>{type}</h2>
            <table className="table stack">
              <thead>
                <tr>
                  <th>Name</th>
                  <th>Serial Number</th>
                  <th>Manufacturer</th>
                  <th>Model Type</th>
                  <th>Controller Type</th>
                  <th>Controller Model</th>
                  <th>Edit</th>
                  <th>Tooling</th>
                  <th>Program</th>
                </tr>
              </thead>
              <tbody>
                {group.map((machine) => (
                  <tr
                    key={machine._id}
                    className={machine.status === 'inactive' ? 'inactive' : undefined}
                  >
                    <td data-label="Name">
                      {machine.name}
                      {machine.status === 'inactive' ? (
                        <span className="badge">Inactive</span>
                      ) : null}
                    </td>
                    <td data-label="Serial Number">{machine.serialNumber}</td>
                    <td data-label="Manufacturer">{name(machine.machineManufacturer)}</td>
                    <td data-label="Model Type">{name(machine.machineModelType)}</td>
                    <td data-label="Controller Type">{name(machine.controllerType)}</td>
                    <td data-label="Controller Model">{name(machine.controllerModelType)}</td>
                    <td data-label="Edit">
                      <Link
                        to="/add-machine"
                        search={{ machineId: machine._id }}
                        className="icon-button"
                        aria-label={`Edit ${machine.name}`}
                        title="Edit machine"
                      >
                        …
                      </Link>
                    </td>
                    <td data-label="Tooling">
                      <Link
                        to="/tooling-pairs"
                        search={{ machineId: machine._id }}
                        className="icon-button"
                        aria-label={`Tooling of ${machine.name}`}
                        title="Tooling pairs"
                      >
                        <PencilIcon />
                      </Link>
                    </td>
                    <td data-label="Program">
                      {machine.machineType?.jobType === 'Milling' ||
                      machine.machineType?.jobType === 'Lathe' ? (
                        <Link
                          to="/check-program"
                          search={{ machineId: machine._id }}
                          className="button"
                          aria-label={`Check Program on ${machine.name}`}
                        >
                          Check Program
                        </Link>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}
    </section>
  );
}
