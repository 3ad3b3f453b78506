/**
 * The four job types of the workflow (spec section 9). Each machine type serves one, the Q-Bot
 * workflow offers them in this order, the CAM core plans by them and the database stores them
 * as the `job_type` enum: this list is the only place they are written.
 */
export const jobTypes = ['Lathe', 'Milling', 'Wire EDM', 'Sinker EDM'] as const;
export type JobType = (typeof jobTypes)[number];
