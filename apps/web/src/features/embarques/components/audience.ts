/**
 * Who reads a part shown on both sides: the merchant ("your reference", "in your favour") or
 * staff ("the merchant's reference"); the texts live under `merchant.*` and `staff.*`.
 */
export type Audience = 'merchant' | 'staff';
