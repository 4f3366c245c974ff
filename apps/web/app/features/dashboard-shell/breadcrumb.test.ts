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

  it('decodes encoded segments and ignores a trailing slash', () => {
    expect(breadcrumbs('/dashboard/products/Caf%C3%A9%20Cap/')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Products', to: '/dashboard/products' },
      { label: 'Café Cap', to: '/dashboard/products/Caf%C3%A9%20Cap' },
    ]);
  });
});
