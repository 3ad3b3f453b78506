/**
 * The demo shop: on a first start (no organization yet), an organization with an admin, a
 * Tormach 15L Slant-PRO on PathPilot and a Haas ST-10 on Haas NGC, each loaded with the tools a
 * shop would keep in them, so the workflow runs at once. The admin's password is random and
 * printed once.
 */
import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import {
  controllerModels,
  machineModelControllers,
  machineModels,
  machines,
  memberships,
  organizations,
  toolingPairs,
  users,
} from '#db/schema';
import { hashPassword } from '#server/accounts/passwords';
import type { Database } from '#server/database';
import type { ToolDraft } from '#machines/toolRow';

export const demoShop = {
  organization: 'Demo Machine Shop',
  email: 'demo@qbot.local',
  firstName: 'Demo',
  lastName: 'Admin',
} as const;

/** A tool row as the shop types it (the six fields of a tooling pair). */
type DemoTool = ToolDraft;

const tormachTools: DemoTool[] = [
  {
    slotNumber: 'T1',
    toolName: 'CNMG 120408',
    toolDescription: 'External turning, 80° rhombic insert, 0.8 mm nose radius, MCLNR holder',
    toolType: 'Turning',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'ROUGH',
  },
  {
    slotNumber: 'T2',
    toolName: 'DCMT 11T304',
    toolDescription: 'External profiling, 55° insert, 0.4 mm nose radius, SDJCR holder',
    toolType: 'Turning',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'FINISH',
  },
  {
    slotNumber: 'T3',
    toolName: 'Parting blade 3 mm',
    toolDescription: 'QD parting and grooving blade, 3 mm wide, 19 mm max depth',
    toolType: 'Cutting',
    toolManufacturer: 'Tormach',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T4',
    toolName: 'Centre drill A2.5',
    toolDescription: 'Centre drill DIN 333 A, pilot Ø2.5, body Ø6.3',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T5',
    toolName: 'Drill 8.5',
    toolDescription: 'HSS twist drill Ø8.5 mm, 118° point',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T6',
    toolName: 'Drill 12.5',
    toolDescription: 'HSS twist drill Ø12.5 mm, 118° point',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T7',
    toolName: 'Boring bar CCMT 060204',
    toolDescription: 'Boring bar Ø8, min bore Ø10, 0.4 mm nose radius',
    toolType: 'Boring',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'NOHINT',
  },
];

const haasTools: DemoTool[] = [
  {
    slotNumber: 'T1',
    toolName: 'CNMG 120408',
    toolDescription: 'External turning, 80° rhombic insert, 0.8 mm nose radius, PCLNR 2525M12',
    toolType: 'Turning',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'ROUGH',
  },
  {
    slotNumber: 'T2',
    toolName: 'VNMG 160404',
    toolDescription: 'External profiling, 35° insert, 0.4 mm nose radius, SVJBR 2525M16',
    toolType: 'Turning',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'FINISH',
  },
  {
    slotNumber: 'T3',
    toolName: 'N123G2-0300 parting',
    toolDescription: 'CoroCut parting and grooving insert, 3 mm wide',
    toolType: 'Cutting',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T4',
    toolName: 'N123E2-0200 grooving',
    toolDescription: 'CoroCut grooving insert, 2 mm wide',
    toolType: 'Slotting',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T5',
    toolName: 'Centre drill A3.15',
    toolDescription: 'Centre drill DIN 333 A, pilot Ø3.15, body Ø8',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T6',
    toolName: 'Drill 10',
    toolDescription: 'Carbide twist drill Ø10 mm, through coolant',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T7',
    toolName: 'Drill 16',
    toolDescription: 'HSS twist drill Ø16 mm, 118° point',
    toolType: 'Drilling',
    toolManufacturer: 'Guhring',
    toolHint: 'NOHINT',
  },
  {
    slotNumber: 'T8',
    toolName: 'Boring bar CCMT 09T304',
    toolDescription: 'Boring bar S12M, min bore Ø16, 0.4 mm nose radius',
    toolType: 'Boring',
    toolManufacturer: 'Sandvik Coromant',
    toolHint: 'NOHINT',
  },
];

/**
 * Add a catalog machine with the given controller model and its tools.
 * @throws Error when the catalog lacks the model, the controller model, or their pairing
 */
async function addMachine(
  db: Database,
  organizationId: string,
  machine: { modelKey: string; controllerModelKey: string; name: string; serialNumber: string },
  tools: DemoTool[],
) {
  const model = await db.query.machineModels.findFirst({
    where: eq(machineModels.key, machine.modelKey),
  });
  const controller = await db.query.controllerModels.findFirst({
    where: eq(controllerModels.key, machine.controllerModelKey),
  });
  const paired =
    model &&
    controller &&
    (await db.query.machineModelControllers.findFirst({
      where: and(
        eq(machineModelControllers.machineModelId, model.id),
        eq(machineModelControllers.controllerModelId, controller.id),
      ),
    }));
  if (!model || !controller || !paired) {
    throw new Error(
      `the catalog has no ${machine.modelKey} with the ${machine.controllerModelKey} controller`,
    );
  }
  const [row] = await db
    .insert(machines)
    .values({
      organizationId,
      name: machine.name,
      serialNumber: machine.serialNumber,
      description: 'Demo machine',
      status: 'active',
      machineTypeId: model.machineTypeId,
      manufacturerId: model.manufacturerId,
      machineModelId: model.id,
      controllerTypeId: controller.controllerTypeId,
      controllerModelId: controller.id,
    })
    .returning({ id: machines.id });
  await db
    .insert(toolingPairs)
    .values(tools.map((tool) => ({ ...tool, organizationId, machineId: row!.id })));
}

/**
 * Seed the demo shop when the database has no organization yet.
 * @returns the admin's credentials when it seeded, undefined otherwise
 */
export async function seedDemoShop(
  db: Database,
): Promise<{ email: string; password: string } | undefined> {
  const [{ organizationsCount } = { organizationsCount: 0 }] = await db
    .select({ organizationsCount: count() })
    .from(organizations);
  if (organizationsCount > 0) return undefined;
  const password = `${randomBytes(9).toString('base64url')}7!`;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [organization] = await tx
      .insert(organizations)
      .values({ name: demoShop.organization })
      .returning({ id: organizations.id });
    const [user] = await tx
      .insert(users)
      .values({
        email: demoShop.email,
        firstName: demoShop.firstName,
        lastName: demoShop.lastName,
        passwordHash,
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    await tx.insert(memberships).values({
      userId: user!.id,
      organizationId: organization!.id,
      status: 'active',
      role: 'admin',
      approvedAt: new Date(),
    });
    await addMachine(
      tx,
      organization!.id,
      {
        modelKey: 'tormach-15l-slant-pro',
        controllerModelKey: 'tormach-pathpilot',
        name: 'Tormach 15L Slant-PRO',
        serialNumber: 'DEMO-15L-001',
      },
      tormachTools,
    );
    await addMachine(
      tx,
      organization!.id,
      {
        modelKey: 'haas-st-10',
        controllerModelKey: 'haas-ngc',
        name: 'Haas ST-10',
        serialNumber: 'DEMO-ST10-001',
      },
      haasTools,
    );
  });
  return { email: demoShop.email, password };
}
