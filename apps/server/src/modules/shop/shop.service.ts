import type { Shop, UpdateShop } from '@barbershop/contract';
import type { Database } from '@barbershop/db';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { lockShop, updateShopRow } from './shop.repository.ts';

const notSetUp = () => new AppError('not_found', 'The shop has not been set up yet.');

function toShop(row: NonNullable<Awaited<ReturnType<typeof lockShop>>>): Shop {
  const { id: _id, ...shop } = row;
  return shop;
}

/** An admin changes the shop's settings; the public pages and checkout use them at once. */
export async function updateShop(db: Database, actorUserId: string, changes: UpdateShop): Promise<Shop> {
  return db.transaction(async (tx) => {
    const before = await lockShop(tx);
    if (!before) throw notSetUp();
    const after = await updateShopRow(tx, changes);
    await recordAudit(tx, {
      actorUserId,
      entity: 'shop',
      entityId: '1',
      action: 'update',
      before: toShop(before),
      after: toShop(after),
    });
    return toShop(after);
  });
}
