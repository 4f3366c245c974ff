import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { AddressFields, EMPTY_ADDRESS } from './address-fields.tsx';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { DataTable } from './data-table.tsx';
import { FormField } from './form-field.tsx';

describe('shared parts', () => {
  it('ties a field to its label, hint and error, and marks it invalid', () => {
    const html = renderToString(
      <FormField label="Name" hint="Name must be unique!" error="Name is required" required>
        {(control) => <input {...control} />}
      </FormField>,
    );
    const id = /<input id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<label for="${id}"`);
    expect(html).toContain(`aria-describedby="${id}-hint ${id}-error"`);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`id="${id}-error"`);
  });

  it("keeps the browser's and password manager's autofill out of every field, the address's too", () => {
    // Each is about a barber, a customer, the shop or a product: never the person typing.
    const fields = [
      renderToString(<FormField label="Name">{(control) => <input {...control} />}</FormField>),
      renderToString(<AddressFields address={EMPTY_ADDRESS} onChange={() => {}} />),
    ].join('');
    const inputs = fields.match(/<input[^>]*>/g) ?? [];
    expect(inputs).toHaveLength(7);
    for (const input of inputs) expect(input).toContain('autoComplete="off"');
  });

  it('says a required field is required in words, which screen readers hear from the control', () => {
    const html = renderToString(
      <FormField label="Name" required>
        {(control) => <input {...control} />}
      </FormField>,
    );
    expect(html).toMatch(/<label[^>]*>Name<span aria-hidden="true"[^>]*>\(required\)<\/span><\/label>/);
    expect(html).toMatch(/<input[^>]*required=""/);
  });

  it('leaves a field without an error valid', () => {
    const html = renderToString(<FormField label="Name">{(control) => <input {...control} />}</FormField>);
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('aria-describedby');
  });

  it('marks the fields of an address required, those of an optional one only once one is filled in', () => {
    const required = (html: string) => html.match(/aria-required="true"|\brequired=""/g)?.length ?? 0;
    const fields = (address = EMPTY_ADDRESS, optional = false) =>
      renderToString(<AddressFields address={address} onChange={() => {}} optional={optional} />);
    // Every line but the second.
    expect(required(fields())).toBe(5);
    expect(required(fields(EMPTY_ADDRESS, true))).toBe(0);
    expect(required(fields({ ...EMPTY_ADDRESS, city: 'Denver' }, true))).toBe(5);
  });

  it('shows a table, its empty state, or placeholder rows while loading', () => {
    const columns = [{ header: 'Name', cell: (row: { id: string }) => row.id, rowHeader: true }];
    const props = {
      label: 'Things',
      columns,
      rowKey: (row: { id: string }) => row.id,
      empty: <p>Nothing yet</p>,
    };
    expect(renderToString(<DataTable {...props} rows={[{ id: 'a' }]} />)).toContain('<th scope="row"');
    expect(renderToString(<DataTable {...props} rows={[]} />)).toBe('<p>Nothing yet</p>');
    const loading = renderToString(<DataTable {...props} rows={[]} loading />);
    expect(loading).toContain('aria-busy="true"');
    expect(loading).toContain('Loading…');
  });

  it('says errors at once and other messages politely; a busy button stays focusable', () => {
    expect(renderToString(<Alert>Product not created</Alert>)).toContain('role="alert"');
    expect(renderToString(<Alert tone="success">Saved</Alert>)).toContain('role="status"');
    const busy = renderToString(<Button busy>Save</Button>);
    expect(busy).toContain('aria-busy="true"');
    expect(busy).not.toContain('disabled=""');
  });
});
