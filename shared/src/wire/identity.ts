// /api/user/{sub}: the identity user in FusionAuth's shape, plain JSON (not enveloped).
import { Type } from '@sinclair/typebox';

export const IdentityUserSchema = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    firstName: Type.String(),
    middleName: Type.Union([Type.String(), Type.Null()]),
    lastName: Type.String(),
    mobilePhone: Type.Union([Type.String(), Type.Null()]),
    birthDate: Type.Union([Type.String(), Type.Null()], { description: 'YYYY-MM-DD' }),
    data: Type.Object({ niNumber: Type.Union([Type.String(), Type.Null()]) }, { additionalProperties: false }),
  },
  { additionalProperties: false, description: 'FusionAuth user' },
);

export const IdentityUserResponseSchema = Type.Object({ user: IdentityUserSchema }, { additionalProperties: false, description: 'The identity user' });
