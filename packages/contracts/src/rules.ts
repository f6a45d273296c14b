/**
 * Input rules of spec section 5, as plain predicates so that server, web forms and CLI agree.
 */

/** Integer with optional sign; surrounding spaces allowed. */
export const INTEGER_RE = /^\s*[+-]?\d+\s*$/;
/** Decimal or scientific notation; surrounding spaces allowed; empty allowed. */
export const NUMERIC_RE = /^\s*([+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?)?\s*$/;

export function isInteger(s: string): boolean {
  return INTEGER_RE.test(s);
}
export function isPositiveInteger(s: string): boolean {
  return INTEGER_RE.test(s) && Number(s) > 0;
}
export function isNumeric(s: string): boolean {
  return NUMERIC_RE.test(s);
}

/**
 * E-mail: a pragmatic check (one @, a dot in the domain, no spaces). Exact RFC 5322 parsing
 * accepts addresses no mail server delivers to; this matches what browsers' type=email accepts.
 */
export const EMAIL_RE =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
export function isEmail(s: string): boolean {
  return EMAIL_RE.test(s);
}

/** At least 6 characters and at least two of: lowercase, uppercase, digit (spec section 5). */
export function isStrongPassword(s: string): boolean {
  if (s.length < 6) return false;
  const kinds = [/[a-z]/, /[A-Z]/, /\d/].filter((re) => re.test(s)).length;
  return kinds >= 2;
}

/**
 * Phone numbers: country prefix +86 only (spec section 5). Accepts a mainland mobile number
 * (11 digits starting with 1) with an optional +86 / 86 / 0086 prefix and spaces or hyphens.
 */
export const PHONE_CN_RE = /^(?:(?:\+|00)?86[\s-]?)?1[3-9]\d(?:[\s-]?\d){8}$/;
export function isChinaPhone(s: string): boolean {
  return PHONE_CN_RE.test(s.trim());
}
/** Canonical stored form: +86 followed by the 11 digits. */
export function normalizeChinaPhone(s: string): string {
  const digits = s.replace(/\D/g, '');
  return `+86${digits.slice(-11)}`;
}

export function isBlank(s: string | undefined | null): boolean {
  return s === undefined || s === null || s.trim() === '';
}
