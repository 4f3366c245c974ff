import {
  AdminBarberSchema,
  BarberSchema,
  CreateBarberSchema,
  UpdateBarberSchema,
} from '@barbershop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { sendCachedJson } from '../../plugins/cached-json.ts';
import { idParams } from '../../plugins/errors.ts';
import { multipartRoutes, parseForm, uploadRoute, withUpload } from '../media/uploads.ts';
import {
  type BarberDeps,
  createBarber,
  deleteBarber,
  getAdminBarber,
  getBarber,
  listAdminBarbers,
  listBarbers,
  updateBarber,
} from './barbers.service.ts';
import { geocodeAddress } from './geocoding.ts';

/** A portrait and six gallery images. */
const MAX_BARBER_FILES = 7;
const GidParams = idParams({ gid: 'barber' });
const Barbers = z.array(BarberSchema);
const MULTIPART_DOC =
  'multipart/form-data: `form` (the JSON of the barber) and up to 7 `images` files (10 MB and 40 megapixels each, the long side at most 10 times the short); `photo` and `gallery` slots name them as { upload: n }. A JSON body is taken as the form, without files.';

export async function barbersRoutes(
  app: FastifyInstance,
  { config }: { config: Pick<Config, 'maps' | 'uploadRateLimit'> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const uploads = uploadRoute('admin', config.uploadRateLimit);
  const deps = (request: FastifyRequest): BarberDeps => ({
    db: app.db,
    storage: app.media,
    geocode: (address) => geocodeAddress(config, address, request.log),
  });

  r.get(
    '/barbers',
    {
      config: { access: 'public' },
      schema: {
        tags: ['barbers'],
        summary: 'Barbers with services, hours and coordinates',
        response: { 200: Barbers },
      },
    },
    async (_request, reply) => sendCachedJson(reply, Barbers, await listBarbers(app.db, app.publicCache)),
  );
  r.get(
    '/barbers/:gid',
    {
      config: { access: 'public' },
      schema: { tags: ['barbers'], params: idParams({ gid: 'barber' }), response: { 200: BarberSchema } },
    },
    async (request, reply) =>
      sendCachedJson(reply, BarberSchema, await getBarber(app.db, app.publicCache, request.params.gid)),
  );
  r.get(
    '/dashboard/barbers',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['barbers'],
        summary: 'Every barber, inactive ones too, with media keys for the edit form',
        response: { 200: z.array(AdminBarberSchema) },
      },
    },
    () => listAdminBarbers(app.db),
  );
  r.get(
    '/dashboard/barbers/:gid',
    {
      config: { access: 'staff' },
      schema: {
        tags: ['barbers'],
        summary: 'One barber, active or not',
        params: GidParams,
        response: { 200: AdminBarberSchema },
      },
    },
    (request) => getAdminBarber(app.db, request.params.gid),
  );
  await multipartRoutes(app, (forms) => {
    forms.post(
      '/barbers',
      {
        ...uploads,
        schema: {
          tags: ['barbers'],
          summary: 'Add a barber; the address is geocoded (409 when the name is taken)',
          description: MULTIPART_DOC,
          response: { 200: AdminBarberSchema },
        },
      },
      (request) =>
        withUpload(request, MAX_BARBER_FILES, ({ form, files }) =>
          createBarber(deps(request), request.user!.id, parseForm(CreateBarberSchema, form), files),
        ),
    );
    forms.put(
      '/barbers/:gid',
      {
        ...uploads,
        schema: {
          tags: ['barbers'],
          summary: 'Change the fields sent; a new address is geocoded again',
          description: MULTIPART_DOC,
          params: GidParams,
          response: { 200: AdminBarberSchema },
        },
      },
      (request) =>
        withUpload(request, MAX_BARBER_FILES, ({ form, files }) =>
          updateBarber(
            deps(request),
            request.user!.id,
            request.params.gid,
            parseForm(UpdateBarberSchema, form),
            files,
          ),
        ),
    );
  });
  r.delete(
    '/barbers/:gid',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['barbers'],
        summary: 'Remove a barber and their services',
        params: GidParams,
        response: { 200: AdminBarberSchema },
      },
    },
    (request) => deleteBarber(app.db, request.user!.id, request.params.gid),
  );
}
