/**
 * The demo shop: on a first start (no organization yet), an organization with an admin and the
 * demo machines of db/seed/demo-shop.ts (a machine of every job type and dialect, each loaded
 * with its tools), so the workflow runs at once. The admin's password is random and given
 * once: on the console when a person is at a terminal, else in {@link demoAdminFileIn}
 * (server/plugins/demo-shop.ts), so that it never reaches a log collector.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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
import { demoMachines, demoShop } from '#db/seed/demo-shop';
import type { DemoMachine, DemoTool } from '#db/seed/demo-shop';
import { hashPassword } from '#server/accounts/passwords';
import type { Database } from '#server/database';

/** The demo shop admin's address and password. */
export interface DemoAdmin {
  email: string;
  password: string;
}

/**
 * The file that holds the demo admin's address and password when the first start had no
 * terminal to print them on (`$DATA_DIR/demo-shop-admin.txt`, readable by its owner only).
 */
export const demoAdminFileIn = (dataDir: string): string => join(dataDir, 'demo-shop-admin.txt');

/** The sentence that gives the demo admin's credentials, on the console and in that file. */
export const demoAdminSignIn = ({ email, password }: DemoAdmin): string =>
  `Sign in as ${email} with the password ${password}`;

/**
 * Write the demo admin's credentials to {@link demoAdminFileIn} with mode 0600, replacing a
 * file left by an earlier database.
 * @returns the file's path
 * @throws the file system's error when `dataDir` cannot be written
 */
export async function writeDemoAdminFile(dataDir: string, admin: DemoAdmin): Promise<string> {
  const file = demoAdminFileIn(dataDir);
  await mkdir(dataDir, { recursive: true });
  // Removed first so that the file is created anew, with the mode below.
  await rm(file, { force: true });
  const text = [
    `Q-Bot demo shop, created ${new Date().toISOString()}.`,
    demoAdminSignIn(admin),
    'Keep the password somewhere safe, then delete this file.',
    '',
  ].join('\n');
  await writeFile(file, text, { mode: 0o600, flag: 'wx' });
  return file;
}

/**
 * Add a catalog machine with the given controller model and its tools.
 * @throws Error when the catalog lacks the model, the controller model, or their pairing
 */
async function addMachine(
  db: Database,
  organizationId: string,
  machine: Omit<DemoMachine, 'tools'>,
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
export async function seedDemoShop(db: Database): Promise<DemoAdmin | undefined> {
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
    for (const { tools, ...machine } of demoMachines)
      await addMachine(tx, organization!.id, machine, tools);
  });
  return { email: demoShop.email, password };
}
