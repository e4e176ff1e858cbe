/** 'Fusionar con…': two leads become one, each field's value taken from either (docs/leads.md, 'Fusionar'). */
import { z } from 'zod';
import { idSchema } from './common.js';

/**
 * The fields a merge lets the user pick. 'status' carries who marked the lead contacted and
 * when it converted with it, so the survivor never shows a status with another lead's dates.
 */
export const LEAD_MERGE_FIELDS = [
  'name',
  'email',
  'phone',
  'category',
  'description',
  'address',
  'domain',
  'status',
  'assignedTo',
  'groupId',
] as const;
export type LeadMergeField = (typeof LEAD_MERGE_FIELDS)[number];

/** 'this': the survivor (the lead in the path) keeps its value; 'other': it takes the absorbed lead's. */
export const LEAD_MERGE_SIDES = ['this', 'other'] as const;
export type LeadMergeSide = (typeof LEAD_MERGE_SIDES)[number];

const sideSchema = z.enum(LEAD_MERGE_SIDES, { message: 'Cada campo se toma de "this" o de "other"' }).optional();

/** A field left out keeps the survivor's value; an unknown field is refused (a typo must not pass silently). */
const mergeFieldsSchema = z.strictObject(
  Object.fromEntries(LEAD_MERGE_FIELDS.map((field) => [field, sideSchema])) as Record<LeadMergeField, typeof sideSchema>,
);

/** POST /api/leads/{id}/merge: the lead `otherId` is absorbed into lead {id}. */
export const leadMergeSchema = z.object({
  otherId: idSchema,
  fields: mergeFieldsSchema.default({}),
});
export type LeadMergeInput = z.input<typeof leadMergeSchema>;
export type LeadMerge = z.output<typeof leadMergeSchema>;
