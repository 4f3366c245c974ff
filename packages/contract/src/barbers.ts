import { z } from 'zod';
import { AddressSchema } from './address.ts';
import { rangeMinutes, WEEKDAY_NAMES, WEEKDAYS, type Weekday } from './domain.ts';

const Time24 = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use 24-hour time, e.g. 09:30');

export const OpeningHoursSchema = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, z.array(z.tuple([Time24, Time24]))])) as Record<
    (typeof WEEKDAYS)[number],
    z.ZodArray<z.ZodTuple<[typeof Time24, typeof Time24]>>
  >,
);
export type OpeningHours = z.infer<typeof OpeningHoursSchema>;

/**
 * Opening hours as staff save them (a barber's or the shop's): each range opens before it closes (a
 * close of 00:00 is midnight) and overlaps no other range of its day; a day's ranges are kept in
 * the order of the day, whatever order they were added in (a lunch break's afternoon added first).
 */
export const WeeklyHoursSchema = OpeningHoursSchema.superRefine((hours, ctx) => {
  for (const [day, ranges] of Object.entries(hours) as [Weekday, [string, string][]][]) {
    const minutes = ranges.map(rangeMinutes);
    minutes.forEach(([open, close], i) => {
      if (open >= close) {
        ctx.addIssue({ code: 'custom', path: [day, i], message: 'Must open before it closes' });
        return;
      }
      const other = minutes.findIndex(([o, c], j) => j < i && o < c && o < close && open < c);
      if (other >= 0)
        ctx.addIssue({
          code: 'custom',
          path: [day, i],
          message: `Overlaps ${WEEKDAY_NAMES[day]} range ${other + 1}`,
        });
    });
  }
}).transform(
  (hours) =>
    Object.fromEntries(
      Object.entries(hours).map(([day, ranges]) => [
        day,
        [...ranges].sort((a, b) => rangeMinutes(a)[0] - rangeMinutes(b)[0]),
      ]),
    ) as OpeningHours,
);

export const BarberServiceSchema = z.object({
  name: z.string().min(1),
  description: z.string(),
  price: z.number().nonnegative(),
  duration: z.number().int().positive(),
});
export type BarberService = z.infer<typeof BarberServiceSchema>;

/** An image the server stores: the URL of the largest rendition and a srcset of every width. */
export const ImageSchema = z.object({ src: z.string(), srcSet: z.string(), alt: z.string() });
export type Image = z.infer<typeof ImageSchema>;

export const BarberSchema = z.object({
  gid: z.uuid(),
  slug: z.string(),
  name: z.string(),
  nickname: z.string(),
  profilePicture: ImageSchema,
  gallery: z.array(ImageSchema),
  address: AddressSchema,
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  phone: z.string(),
  email: z.string(),
  about: z.string(),
  instagramUrl: z.string(),
  booksyUrl: z.string(),
  hours: OpeningHoursSchema,
  services: z.array(BarberServiceSchema),
  rating: z.number(),
  reviewCount: z.number().int(),
  reviews: z.array(z.never()),
});
export type Barber = z.infer<typeof BarberSchema>;
