import type { UserRow } from './user.repository.ts';
import type { Role } from './access-token.service.ts';

/** The user as every client sees it (SPEC 3 'User'); never carries the password hash or sign-in counters. */
export interface UserDto {
  id: string;
  _id: string;
  name: string;
  phone: string;
  email: string | null;
  role: Role;
  /**
   * The role, except 'private' for a customer who sells privately. SPEC 6 loads the dealer settings only when
   * type is 'dealer', so dealers and admins keep their role here.
   */
  type: Role | 'private';
  /** The user's dealership, when they own one. */
  dealerId: string | null;
  isPhoneVerified: boolean;
  isPrivateSeller: boolean;
  /** The marketplace country chosen for prices and budgets; null until chosen. */
  countryCode: string | null;
  createdAt: string;
}

export function toRole(value: string): Role {
  return value === 'admin' || value === 'dealer' ? value : 'customer';
}

export function presentUser(row: UserRow, dealerId: string | null): UserDto {
  const role = toRole(row.role);
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    role,
    type: role === 'customer' && row.isPrivateSeller ? 'private' : role,
    dealerId,
    isPhoneVerified: row.isPhoneVerified,
    isPrivateSeller: row.isPrivateSeller,
    countryCode: row.countryCode ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
