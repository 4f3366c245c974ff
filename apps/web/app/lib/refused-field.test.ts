import { describe, expect, it } from 'vitest';
import { ApiError } from './api.ts';
import { refusedField } from './refused-field.ts';

describe('refusedField', () => {
  it('reads the field a form refusal names, by its whole path, whatever the words in it', () => {
    expect(refusedField(new ApiError(400, 'bad_request', 'form.address.city: City is required'))).toEqual({
      path: 'address.city',
      message: 'City is required',
    });
    expect(
      refusedField(
        new ApiError(400, 'bad_request', 'form.sizes.One Size Fits All: Checkouts took 2: at least 2'),
      ),
    ).toEqual({ path: 'sizes.One Size Fits All', message: 'Checkouts took 2: at least 2' });
  });

  it('reads a name already taken as the name field', () => {
    const taken =
      'Name must be unique! A barber named "Ana", or differing from it only in case, accents, spaces or punctuation, already exists.';
    expect(refusedField(new ApiError(409, 'conflict', taken))).toEqual({ path: 'name', message: taken });
  });

  it('names no field for any other refusal', () => {
    expect(
      refusedField(new ApiError(409, 'conflict', 'Someone else saved this barber since you opened it.')),
    ).toBeNull();
    expect(
      refusedField(new ApiError(415, 'unsupported_media_type', 'That file is not an image we can read.')),
    ).toBeNull();
    expect(refusedField(new Error('form.name: not from the API'))).toBeNull();
  });
});
