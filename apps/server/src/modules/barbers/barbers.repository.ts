import { type Executor, schema } from '@barbershop/db';
import { and, asc, eq, inArray } from 'drizzle-orm';

/** Active barbers in display order, each with their services in order. */
export async function listActiveBarbers(db: Executor, id?: string) {
  const where = id
    ? and(eq(schema.barbers.active, true), eq(schema.barbers.id, id))
    : eq(schema.barbers.active, true);
  const barbers = await db
    .select()
    .from(schema.barbers)
    .where(where)
    .orderBy(asc(schema.barbers.position), asc(schema.barbers.name));
  if (barbers.length === 0) return [];
  const services = await db
    .select()
    .from(schema.barberServices)
    .where(
      inArray(
        schema.barberServices.barberId,
        barbers.map((b) => b.id),
      ),
    )
    .orderBy(asc(schema.barberServices.position));
  return barbers.map((barber) => ({ ...barber, services: services.filter((s) => s.barberId === barber.id) }));
}

export type BarberWithServices = Awaited<ReturnType<typeof listActiveBarbers>>[number];
