import type { z } from '@despacho/domain';

/** The schema a wrapper (optional, nullable, default, a pipe's input…) validates first. */
function innerOf(schema: z.ZodType): z.ZodType | undefined {
  const def = schema._zod.def as { type: string; in?: z.ZodType; innerType?: z.ZodType };
  return def.type === 'pipe' ? def.in : def.innerType;
}

/**
 * The most characters a text field's schema takes (its `.max()`), looked for through the
 * wrappers the shared field rules add (`optionalText` is an optional string piped to a
 * transform); undefined when it sets none.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  for (let current: z.ZodType | undefined = schema; current; current = innerOf(current)) {
    const max = (current as { maxLength?: number | null }).maxLength;
    if (typeof max === 'number') return max;
  }
  return undefined;
}

/** A field is required when its schema refuses it left blank, as the form will on submit. */
export const isRequiredText = (schema: z.ZodType): boolean => !schema.safeParse('').success;

/**
 * What a text input shows before anything is submitted, from the same schema that validates it:
 * its required mark and its length limit (for the counter under it).
 */
export const textFieldRules = (schema: z.ZodType) => ({
  required: isRequiredText(schema),
  maxLength: maxLengthOf(schema),
});

/** `textFieldRules` of every field of an object schema's shape, by field name. */
export const fieldRulesOf = <Shape extends Record<string, z.ZodType>>(shape: Shape) =>
  Object.fromEntries(
    Object.entries(shape).map(([field, schema]) => [field, textFieldRules(schema)]),
  ) as Record<keyof Shape, ReturnType<typeof textFieldRules>>;
