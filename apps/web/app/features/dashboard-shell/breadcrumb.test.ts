import { describe, expect, it } from 'vitest';
import { breadcrumbs } from './breadcrumb.ts';

describe('breadcrumbs', () => {
  it('has one crumb per path segment, each linking to the path so far', () => {
    expect(breadcrumbs('/dashboard/products/logo-hoodie/edit')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Products', to: '/dashboard/products' },
      { label: 'Logo Hoodie', to: '/dashboard/products/logo-hoodie' },
      { label: 'Edit', to: '/dashboard/products/logo-hoodie/edit' },
    ]);
  });

  it("names a segment by what it stands for, shortens an unnamed id, and calls SPEC's blank order New", () => {
    expect(
      breadcrumbs('/dashboard/products/qa-hat-1-special/edit', {
        'qa-hat-1-special': 'QA Hat #1 / Special?',
      }),
    ).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Products', to: '/dashboard/products' },
      { label: 'QA Hat #1 / Special?', to: '/dashboard/products/qa-hat-1-special' },
      { label: 'Edit', to: '/dashboard/products/qa-hat-1-special/edit' },
    ]);
    expect(breadcrumbs('/dashboard/orders/6b7f10b9-9832-4055-8399-e8ee306588ae').at(-1)?.label).toBe(
      '6b7f10b9',
    );
    expect(breadcrumbs('/dashboard/orders/:id').at(-1)?.label).toBe('New');
  });

  it('decodes encoded segments and ignores a trailing slash', () => {
    expect(breadcrumbs('/dashboard/products/Caf%C3%A9%20Cap/')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Products', to: '/dashboard/products' },
      { label: 'Café Cap', to: '/dashboard/products/Caf%C3%A9%20Cap' },
    ]);
  });
});
