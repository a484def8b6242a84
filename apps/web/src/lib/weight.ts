/** Kilograms as the screens write them: `1.25 kg` (up to grams). */
export const kilograms = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 3 });

export const formatKg = (kg: number) => `${kilograms.format(kg)} kg`;
