import { isBlank, isChinaPhone, isEmail, isStrongPassword, normalizeChinaPhone } from '@pvforge/contracts';
import { FieldError } from '../http/errors.js';

/**
 * The rules of spec section 5 that JSON Schema cannot state (e-mail format, password kinds,
 * +86 phone, non-blank text). The schema has already checked presence and lengths.
 */

export function normalizeEmail(value: string, field: string): string {
  const email = value.trim().toLowerCase();
  if (email === '') throw new FieldError(field, 'required');
  if (!isEmail(email)) throw new FieldError(field, 'format');
  return email;
}

export function checkPassword(value: string, field: string): string {
  if (!isStrongPassword(value)) throw new FieldError(field, 'format');
  return value;
}

export function requiredText(value: string, field: string): string {
  if (isBlank(value)) throw new FieldError(field, 'required');
  return value.trim();
}

export function normalizePhone(value: string, field: string): string {
  if (isBlank(value)) throw new FieldError(field, 'required');
  if (!isChinaPhone(value)) throw new FieldError(field, 'format');
  return normalizeChinaPhone(value);
}

export function genderValue(value: number | string): 0 | 1 {
  return Number(value) === 1 ? 1 : 0;
}

export interface RegistrationInput {
  username: string;
  password: string;
  real_name: string;
  gender: number | string;
  phone: string;
  enterprise: string;
  address: string;
}

export interface Registration {
  email: string;
  password: string;
  real_name: string;
  gender: 0 | 1;
  phone: string;
  enterprise: string;
  address: string;
}

/** Checks in the order the form shows the fields, so the first problem named is the first on screen. */
export function checkRegistration(input: RegistrationInput): Registration {
  return {
    email: normalizeEmail(input.username, 'username'),
    password: checkPassword(input.password, 'password'),
    real_name: requiredText(input.real_name, 'real_name'),
    gender: genderValue(input.gender),
    phone: normalizePhone(input.phone, 'phone'),
    enterprise: requiredText(input.enterprise, 'enterprise'),
    address: requiredText(input.address, 'address'),
  };
}
