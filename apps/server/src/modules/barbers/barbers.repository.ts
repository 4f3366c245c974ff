import { type Executor, schema } from '@barbershop/db';
import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';

const { barbers, barberServices } = schema;

export type BarberRow = typeof barbers.$inferSelect;
export type BarberValues = Omit<typeof barbers.$inferInsert, 'id'>;
export type ServiceValues = { name: string; description: string; priceCents: number; durationMin: number };

/** Barbers in display order, each with their services in order. */
async function selectBarbers(db: Executor, where: SQL | undefined) {
  const rows = await db.select().from(barbers).where(where).orderBy(asc(barbers.position), asc(barbers.name));
  if (rows.length === 0) return [];
  const services = await db
    .select()
    .from(barberServices)
    .where(
      inArray(
        barberServices.barberId,
        rows.map((b) => b.id),
      ),
    )
    .orderBy(asc(barberServices.position));
  return rows.map((barber) => ({ ...barber, services: services.filter((s) => s.barberId === barber.id) }));
}

/** Active barbers in display order, each with their services in order. */
export async function listActiveBarbers(db: Executor, id?: string) {
  return selectBarbers(db, id ? and(eq(barbers.active, true), eq(barbers.id, id)) : eq(barbers.active, true));
}

/** Every barber, inactive ones too (the dashboard), or one by id. */
export async function listAllBarbers(db: Executor, id?: string) {
  return selectBarbers(db, id ? eq(barbers.id, id) : undefined);
}

export type BarberWithServices = Awaited<ReturnType<typeof listActiveBarbers>>[number];

export async function findBarberForUpdate(tx: Executor, id: string): Promise<BarberRow | null> {
  const [row] = await tx.select().from(barbers).where(eq(barbers.id, id)).for('update');
  return row ?? null;
}

export async function slugTaken(db: Executor, slug: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: barbers.id })
    .from(barbers)
    .where(and(eq(barbers.slug, slug), exceptId ? ne(barbers.id, exceptId) : undefined))
    .limit(1);
  return rows.length > 0;
}

/** The display position after every barber's (inactive ones too), within the form's limit of 1000. */
export async function nextBarberPosition(tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ next: sql<number>`coalesce(max(${barbers.position}) + 1, 0)::int` })
    .from(barbers);
  return Math.min(row?.next ?? 0, 1000);
}

export async function insertBarber(tx: Executor, values: BarberValues): Promise<BarberRow> {
  const [row] = await tx.insert(barbers).values(values).returning();
  return row!;
}

/** Applies changes and raises the version; the caller holds the row's lock. */
export async function updateBarberRow(
  tx: Executor,
  id: string,
  values: Partial<BarberValues>,
): Promise<void> {
  await tx
    .update(barbers)
    .set({ ...values, version: sql`${barbers.version} + 1` })
    .where(eq(barbers.id, id));
}

export async function replaceServices(
  tx: Executor,
  barberId: string,
  services: ServiceValues[],
): Promise<void> {
  await tx.delete(barberServices).where(eq(barberServices.barberId, barberId));
  if (services.length)
    await tx
      .insert(barberServices)
      .values(services.map((service, position) => ({ ...service, barberId, position })));
}

/** Deletes a barber; their services go with them (ON DELETE CASCADE). */
export async function deleteBarberRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(barbers).where(eq(barbers.id, id));
}
