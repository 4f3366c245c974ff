import {
  type Address,
  type AdminBarber,
  CreateBarberSchema,
  type OpeningHours,
  UpdateBarberSchema,
} from '@barbershop/contract';
import { WEEKDAYS } from '@barbershop/contract/domain';
import { dollarsField, typedDollars, typedNumber } from '@barbershop/contract/format';
import { useRef, useState } from 'react';
import { AddressFields, EMPTY_ADDRESS } from '../../components/address-fields.tsx';
import { Alert } from '../../components/alert.tsx';
import { Announcement } from '../../components/announcement.tsx';
import { Button } from '../../components/button.tsx';
import { FormField, inputClass } from '../../components/form-field.tsx';
import { HoursEditor } from '../../components/hours-editor.tsx';
import { imageSlots, type PickedImage } from '../../components/image-list.ts';
import { ImagePicker } from '../../components/image-picker.tsx';
import { useListRows } from '../../components/list-rows.ts';
import { ScriptForm } from '../../components/script-form.tsx';
import { useSignInAgain } from '../../components/sign-in-again.tsx';
import { useUnsavedChanges } from '../../components/unsaved-changes.tsx';
import { type ApiClient, ApiError } from '../../lib/api.ts';
import { configuredShop } from '../../lib/public-shop.ts';
import { refusedField } from '../../lib/refused-field.ts';
import { saveFailure } from '../../lib/save-failure.ts';
import { useFocusOnFailure } from '../../lib/use-focus-on-failure.ts';
import { useRootData } from '../../root.tsx';

type Text = {
  name: string;
  nickname: string;
  phone: string;
  email: string;
  about: string;
  instagramUrl: string;
  booksyUrl: string;
  lat: string;
  lng: string;
  rating: string;
  reviewCount: string;
  position: string;
};
type ServiceDraft = { name: string; description: string; price: string; duration: string };

const EMPTY_HOURS = Object.fromEntries(WEEKDAYS.map((day) => [day, []])) as unknown as OpeningHours;

function stored(images: AdminBarber['gallery'], keys: (string | null)[]): PickedImage[] {
  return keys.flatMap((key, index) => {
    const image = images[index];
    return key && image ? [{ id: key, kind: 'stored' as const, key, image }] : [];
  });
}

const numberOrNull = (value: string) => (value.trim() === '' ? null : typedNumber(value));
/** A coordinate as its form field shows it. */
const coordinateText = (value: number | null | undefined) => (value == null ? '' : String(value));

/**
 * A barber's every field (admin): contact, links, services with price and duration, weekly hours
 * with several ranges a day, the portrait and up to six gallery images, rating and review count,
 * active, display order, and coordinates for when the address cannot be geocoded.
 */
export function BarberForm({
  api,
  barber,
  onSaved,
}: {
  api: ApiClient;
  barber?: AdminBarber;
  onSaved: (barber: AdminBarber) => void;
}) {
  const editing = barber !== undefined;
  // Most barbers work at the shop: its address, once the owner has given it, fills theirs at a press.
  const shop = useRootData()?.shop;
  const shopAddress = configuredShop(shop)?.address ?? null;
  const [text, setText] = useState<Text>({
    name: barber?.name ?? '',
    nickname: barber?.nickname ?? '',
    phone: barber?.phone ?? '',
    email: barber?.email ?? '',
    about: barber?.about ?? '',
    instagramUrl: barber?.instagramUrl ?? '',
    booksyUrl: barber?.booksyUrl ?? '',
    lat: coordinateText(barber?.lat),
    lng: coordinateText(barber?.lng),
    rating: String(barber?.rating ?? 5),
    reviewCount: String(barber?.reviewCount ?? 0),
    // A new barber left empty goes after the others (the server's next position).
    position: barber ? String(barber.position) : '',
  });
  const [address, setAddress] = useState<Address>(barber?.address ?? EMPTY_ADDRESS);
  const [active, setActive] = useState(barber?.active ?? true);
  const [hours, setHours] = useState<OpeningHours>(barber?.hours ?? EMPTY_HOURS);
  const [services, setServices] = useState<ServiceDraft[]>(
    (barber?.services ?? []).map((service) => ({
      name: service.name,
      description: service.description,
      price: dollarsField(service.price),
      duration: String(service.duration),
    })),
  );
  const [photo, setPhoto] = useState<PickedImage[]>(
    barber ? stored([barber.profilePicture], [barber.photoKey]) : [],
  );
  const [gallery, setGallery] = useState<PickedImage[]>(
    barber ? stored(barber.gallery, barber.galleryKeys) : [],
  );
  const serviceRows = useListRows();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const signInAgain = useSignInAgain();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusOnFailure(formRef, failure, errors);
  const [busy, setBusy] = useState(false);
  const ids = (images: PickedImage[]) => images.map((image) => image.id);
  const snapshot = JSON.stringify([text, address, active, hours, services, ids(photo), ids(gallery)]);
  const unsaved = useUnsavedChanges(snapshot);

  const field = (name: keyof Text) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setText((current) => ({ ...current, [name]: value }));
  };
  const setService = (index: number, name: keyof ServiceDraft, value: string) =>
    setServices((list) => list.map((service, i) => (i === index ? { ...service, [name]: value } : service)));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    signInAgain.noteFrom(null);
    const photoPart = imageSlots(photo);
    const galleryPart = imageSlots(gallery, photoPart.files.length);
    const form = {
      ...text,
      address,
      // Sent when typed (undefined is left out): the pin shown back unchanged would otherwise read as
      // the pin of a moved address.
      ...(editing && text.lat === coordinateText(barber.lat) && text.lng === coordinateText(barber.lng)
        ? { lat: undefined, lng: undefined }
        : { lat: numberOrNull(text.lat), lng: numberOrNull(text.lng) }),
      rating: typedNumber(text.rating),
      reviewCount: typedNumber(text.reviewCount),
      position: !editing && text.position.trim() === '' ? undefined : typedNumber(text.position),
      active,
      hours,
      services: services.map((service) => ({
        name: service.name,
        description: service.description,
        price: typedDollars(service.price),
        duration: typedNumber(service.duration),
      })),
      photo: photoPart.slots[0] ?? null,
      gallery: galleryPart.slots,
    };
    const parsed = editing
      ? UpdateBarberSchema.safeParse({ ...form, version: barber.version })
      : CreateBarberSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      setFailure(
        editing
          ? 'Barber not updated: check the fields marked below.'
          : 'Barber not created: check the fields marked below.',
      );
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    const sent = snapshot;
    const body = new FormData();
    body.append('form', JSON.stringify(parsed.data));
    for (const file of [...photoPart.files, ...galleryPart.files]) body.append('images', file);
    try {
      const saved = editing
        ? await api.send('PUT', `/barbers/${barber.gid}`, body)
        : await api.send('POST', '/barbers', body);
      unsaved.allowLeaving(sent);
      onSaved(saved);
    } catch (error) {
      const title = editing ? 'Barber not updated' : 'Barber not created';
      signInAgain.noteFrom(error);
      // A field the server refused (a name taken, one with no letter) is marked beside it as well.
      const refused = refusedField(error);
      if (refused) {
        setErrors({ [refused.path]: refused.message });
        setFailure(`${title}: ${refused.message}`);
      } else {
        setFailure(saveFailure(title, error));
        if (error instanceof ApiError && error.issues[0])
          setErrors({ [error.issues[0].path]: error.issues[0].message });
      }
    } finally {
      setBusy(false);
    }
  }

  const textField = (
    name: keyof Text,
    label: string,
    options: {
      type?: string;
      hint?: string;
      required?: boolean;
      inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
    } = {},
  ) => (
    <FormField label={label} hint={options.hint} error={errors[name]} required={options.required}>
      {(control) => (
        <input
          {...control}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          value={text[name]}
          onChange={field(name)}
          className={inputClass}
        />
      )}
    </FormField>
  );

  return (
    <ScriptForm ref={formRef} noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-5">
      {unsaved.prompt}
      {failure && (
        <Alert>
          {failure}
          {signInAgain.note}
        </Alert>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        {textField('name', 'Name', { required: true })}
        {textField('nickname', 'Nickname')}
        {textField('phone', 'Phone', { type: 'tel', required: true })}
        {textField('email', 'Email', { type: 'email', required: true })}
      </div>
      <AddressFields
        address={address}
        onChange={setAddress}
        errors={errors}
        action={
          shopAddress && (
            <Button variant="secondary" onClick={() => setAddress(shopAddress)}>
              Use the shop's address
            </Button>
          )
        }
      />
      <div className="grid gap-5 sm:grid-cols-2">
        {textField('lat', 'Latitude', { hint: 'Only needed when the address cannot be found on the map.' })}
        {textField('lng', 'Longitude', { hint: 'Only needed when the address cannot be found on the map.' })}
      </div>
      <FormField label="About" error={errors.about}>
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={text.about}
            onChange={field('about')}
            className={inputClass}
          />
        )}
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        {textField('booksyUrl', 'Booking link', {
          type: 'url',
          hint: 'The external booking page, https://…',
        })}
        {textField('instagramUrl', 'Instagram link', { type: 'url' })}
        {textField('rating', 'Rating (0 to 5)', { inputMode: 'decimal' })}
        {textField('reviewCount', 'Review count', { inputMode: 'numeric' })}
        {textField('position', 'Display order', {
          inputMode: 'numeric',
          hint: editing ? 'Lowest first.' : 'Lowest first; left empty, after the other barbers.',
        })}
        <label className="flex min-h-11 items-center gap-2 self-end font-semibold">
          <input
            type="checkbox"
            checked={active}
            onChange={(event) => setActive(event.currentTarget.checked)}
            className="h-5 w-5 accent-charcoal"
          />
          Active (shown on the site)
        </label>
      </div>
      <fieldset data-rows className="flex flex-col gap-3">
        <legend className="font-semibold">Services</legend>
        {services.map((service, index) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: a service being typed has no other identity yet.
            key={index}
            data-row
            className="grid gap-3 rounded bg-white p-3 ring-1 ring-charcoal/10 sm:grid-cols-2"
          >
            {(
              [
                ['name', 'name'],
                ['description', 'description'],
                ['price', 'price (dollars)'],
                ['duration', 'duration (minutes)'],
              ] as const
            ).map(([key, label]) => (
              <FormField
                key={key}
                label={`Service ${index + 1} ${label}`}
                error={errors[`services.${index}.${key}`]}
              >
                {(control) => (
                  <input
                    {...control}
                    // Whole minutes: the digits alone. (Coordinates keep the full keyboard: a
                    // longitude west of Greenwich needs the minus sign a decimal pad lacks.)
                    inputMode={key === 'price' ? 'decimal' : key === 'duration' ? 'numeric' : undefined}
                    value={service[key]}
                    onChange={(event) => setService(index, key, event.currentTarget.value)}
                    className={inputClass}
                  />
                )}
              </FormField>
            ))}
            <div>
              <Button
                variant="ghost"
                data-remove
                onClick={(event) => {
                  serviceRows.removed(event, index, `Service ${index + 1}`);
                  setServices((list) => list.filter((_, i) => i !== index));
                }}
              >
                Remove service {index + 1}
              </Button>
            </div>
          </div>
        ))}
        <div>
          <Button
            variant="secondary"
            data-add
            onClick={(event) => {
              serviceRows.added(event, services.length);
              setServices((list) => [...list, { name: '', description: '', price: '40', duration: '45' }]);
            }}
          >
            Add a service
          </Button>
        </div>
        <Announcement said={serviceRows.said} />
      </fieldset>
      <HoursEditor hours={hours} onChange={setHours} errors={errors} />
      <ImagePicker
        images={photo}
        onChange={setPhoto}
        legend="Photo"
        itemName="photo"
        max={1}
        error={errors.photo}
      />
      <ImagePicker
        images={gallery}
        onChange={setGallery}
        legend="Gallery"
        itemName="gallery image"
        max={6}
        error={errors.gallery}
      />
      <div>
        <Button type="submit" busy={busy}>
          {editing ? 'Save barber' : 'Create barber'}
        </Button>
      </div>
    </ScriptForm>
  );
}
