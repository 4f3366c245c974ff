import { ADDRESS_LABELS, type Address, type AddressField } from '@barbershop/contract';
import { FormField, inputClass } from './form-field.tsx';

const FIELDS = Object.keys(ADDRESS_LABELS) as AddressField[];

/** No address yet: what a form starts from. */
export const EMPTY_ADDRESS: Address = {
  line1: '',
  line2: '',
  city: '',
  state: '',
  postal_code: '',
  country: '',
};

/** The address a form posted through AddressFields, or null when every field was left empty. */
export function addressFromForm(form: FormData): Address | null {
  const address = Object.fromEntries(
    FIELDS.map((field) => [field, String(form.get(`address.${field}`) ?? '')]),
  ) as Address;
  return FIELDS.some((field) => address[field].trim()) ? address : null;
}

/**
 * The fields of a postal address, as every form that edits one shows them (shop settings, barbers,
 * users). Errors are keyed as the contract's schemas name them (`address.city`); each input is named
 * the same, so a form posted without JavaScript sends them too. An `optional` address (a user's) may
 * be left out whole: its fields are marked required only once one of them is filled in.
 */
export function AddressFields({
  address,
  onChange,
  errors = {},
  hint,
  action,
  optional = false,
}: {
  address: Address;
  onChange: (address: Address) => void;
  errors?: Record<string, string | undefined>;
  hint?: React.ReactNode;
  /** A control that fills the fields in (a barber's "Use the shop's address"), above them. */
  action?: React.ReactNode;
  optional?: boolean;
}) {
  const wanted = !optional || FIELDS.some((field) => address[field].trim());
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 font-semibold">Address</legend>
      {hint && <p className="text-sm text-muted sm:col-span-2">{hint}</p>}
      {action && <div className="sm:col-span-2">{action}</div>}
      {FIELDS.map((field) => (
        <FormField
          key={field}
          label={ADDRESS_LABELS[field]}
          error={errors[`address.${field}`]}
          required={wanted && field !== 'line2'}
        >
          {(control) => (
            <input
              {...control}
              name={`address.${field}`}
              value={address[field]}
              onChange={(event) => onChange({ ...address, [field]: event.currentTarget.value })}
              className={inputClass}
            />
          )}
        </FormField>
      ))}
    </fieldset>
  );
}
