import { type Executor, schema } from '@barbershop/db';
import { and, asc, eq } from 'drizzle-orm';

type BarberRow = typeof schema.barbers.$inferSelect;
type ServiceRow = typeof schema.barberServices.$inferSelect;
export type BarberWithServices = BarberRow & { services: ServiceRow[] };

/** Active barbers in display order, each with their services in order: one query, a row per service. */
export async function listActiveBarbers(db: Executor, id?: string): Promise<BarberWithServices[]> {
  const where = id
    ? and(eq(schema.barbers.active, true), eq(schema.barbers.id, id))
    : eq(schema.barbers.active, true);
  const rows = await db
    .select({ barber: schema.barbers, service: schema.barberServices })
    .from(schema.barbers)
    .leftJoin(schema.barberServices, eq(schema.barberServices.barberId, schema.barbers.id))
    .where(where)
    .orderBy(
      asc(schema.barbers.position),
      asc(schema.barbers.name),
      asc(schema.barbers.id),
      asc(schema.barberServices.position),
    );
  const byId = new Map<string, BarberWithServices>();
  for (const { barber, service } of rows) {
    let entry = byId.get(barber.id);
    if (!entry) {
      entry = { ...barber, services: [] };
      byId.set(barber.id, entry);
    }
    if (service) entry.services.push(service);
  }
  return [...byId.values()];
}
